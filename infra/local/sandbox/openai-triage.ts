/**
 * The sandbox model's reply triage (the `reply_triage` JSON schema of lambdas/replies/triage.ts): deterministic, from
 * the text, in English, German, French and Spanish, so a person trying the product locally and every test sees the
 * label the words say. An out-of-office's return date is read from 'until 14 January' (back the day after), 'back on
 * Monday 3 March', 'bis 14. Januar', 'jusqu'au 10 janvier', 'hasta el 5 de febrero', '14/01/2027', '2027-01-14'...; a
 * date without a year is the next such day on or after the message's date.
 */
export type TriageAnswer = {
  classification: 'interested' | 'not_now' | 'referral' | 'out_of_office' | 'unsubscribe' | 'bounce' | 'other';
  returnDate: string | null;
};

/** Rules, the first that matches wins: an absence or a refusal outweighs polite words of interest in it. */
const rules: [TriageAnswer['classification'], RegExp[]][] = [
  [
    'bounce',
    [
      /\b(delivery status notification|undeliverable|mail delivery (failed|subsystem)|address not found|could not be delivered)\b/,
      /\bunzustellbar\b|\bnicht zugestellt\b/,
      /\bnon remis\b|\bn'a pas pu être (remis|distribué)\b/,
      /\bno se (pudo|ha podido) entregar\b/,
    ],
  ],
  [
    'out_of_office',
    [
      /\bout of (the )?office\b|\bon (vacation|holiday|leave|parental leave)\b|\bi am (currently )?away\b|\bi'?m (currently )?away\b|\baway from (the office|my desk)\b|\bauto(matic)?[\s-]?reply\b|\blimited access to (my )?e-?mail\b/,
      /\bnicht im büro\b|\babwesend\b|\babwesenheit|\bim urlaub\b|\bnicht erreichbar\b|\bautomatische antwort\b/,
      /\bje suis absente?\b|\ben congé(?![a-z])|\ben vacances\b|\bréponse automatique\b|\bhors du bureau\b/,
      /\bfuera de la oficina\b|\bde vacaciones\b|\bestoy ausente\b|\brespuesta automática(?![a-z])/,
    ],
  ],
  [
    'unsubscribe',
    [
      /\bunsubscribe\b|\bremove me\b|\btake me off\b|\bopt[\s-]?out\b|\bstop (e-?mailing|contacting|messaging|sending|writing)\b|\b(do not|don't|dont) (e-?mail|contact|write to|message) me\b|\bno (more|further) e-?mails\b/,
      /\babmelden\b|\baustragen\b|\bkeine (weiteren )?e-?mails\b|\bnicht mehr (kontaktieren|anschreiben|schreiben)\b/,
      /\bdésabonner\b|\bdésinscri|\bne plus me (contacter|écrire)\b|\bretirez-moi\b|\bne m'écrivez plus\b/,
      /\bdar(me)? de baja\b|\bno me (contacte|escriba|escribas|contactes) más\b|\belimínenme\b|\bno me escriban más\b/,
    ],
  ],
  [
    'referral',
    [
      /\b(reach out to|contact|talk to|speak (to|with)|get in touch with) (my colleague|my coworker|my co-worker|[A-Z]?[a-z]+ (at|on|from)|him|her|them)\b|\bthe (right|better|best) person\b|\bi'?m (forwarding|copying|cc'?ing)\b|\bi have (forwarded|copied)\b/,
      /\bwenden sie sich (bitte )?an\b|\bmein(e)? kolleg(e|in)\b|\bzuständig(e|er)? (ist|person)\b|\bansprechpartner/,
      /\bmon collègue\b|\bma collègue\b|\bla bonne personne\b|\bcontactez plutôt\b|\badressez-vous à\b/,
      /\bmi (colega|compañer[oa])\b|\bla persona (adecuada|indicada)\b|\bcontacte (con|a)\b|\bhable con\b/,
    ],
  ],
  [
    'not_now',
    [
      /\bnot (right )?now\b|\bmaybe later\b|\bnot at the moment\b|\bnot at this time\b|\bnext (quarter|year|month)\b|\blater this year\b|\bcircle back\b|\breach out again\b|\bno budget\b|\btoo busy\b/,
      /\bnicht jetzt\b|\bim moment nicht\b|\bderzeit nicht\b|\bzur zeit nicht\b|\bspäter (im jahr|noch einmal|wieder)\b|\bnächste(s|n)? (quartal|jahr|monat)\b/,
      /\bpas maintenant\b|\bpas pour le moment\b|\bplus tard\b|\bpas le moment\b|\ble trimestre prochain\b|\bl'année prochaine\b/,
      /\bahora no\b|\bpor ahora no\b|\bmás adelante\b|\ben este momento no\b|\bel próximo (trimestre|año)\b/,
    ],
  ],
  [
    'other',
    [
      /\bnot interested\b|\bno thanks\b|\bno, thank you\b/,
      /\bkein interesse\b|\bnein, danke\b/,
      /\bpas intéressée?\b|\bnon merci\b/,
      /\bno me interesa\b|\bno, gracias\b/,
    ],
  ],
  [
    'interested',
    [
      /\binterested\b|\bsounds (good|great|interesting)\b|\blet'?s (talk|chat|meet|connect)\b|\bhappy to (chat|talk|meet|connect)\b|\bwould love to\b|\bi'?d love to\b|\b(schedule|set up|book) a (call|time|meeting|chat)\b|\btell me more\b/,
      /\binteressiert\b|\bgerne\b|\bklingt gut\b|\blassen sie uns\b|\bsehr interessant\b/,
      /\bintéressée?\b|\bavec plaisir\b|\bvolontiers\b|(?<![a-z])ça m'intéresse\b|\bdiscutons\b/,
      /\binteresad[oa]\b|\bme interesa\b|\bcon gusto\b|\bhablemos\b|\bme encantaría\b/,
    ],
  ],
];

const months: Record<string, number> = {};
const monthNames = [
  ['january', 'jan', 'januar', 'janvier', 'janv', 'enero', 'ene'],
  ['february', 'feb', 'februar', 'février', 'févr', 'fevrier', 'febrero'],
  ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo'],
  ['april', 'apr', 'avril', 'abril', 'abr'],
  ['may', 'mai', 'mayo'],
  ['june', 'jun', 'juni', 'juin', 'junio'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre'],
  ['november', 'nov', 'novembre', 'noviembre'],
  ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'diciembre', 'dic'],
];
monthNames.forEach((names, index) => {
  for (const name of names) months[name] = index + 1;
});
const monthPattern = Object.keys(months)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Cues before a date: the absence lasts through it (`until`), or the person is back on it (`back`). */
const untilCues = "until|till|through|bis(?: einschließlich| zum| am)?|jusqu'(?:au|à)|jusqu’(?:au|à)|hasta(?: el)?";
const backCues =
  'back (?:on|in the office on)?|return(?:ing)? (?:on)?|returning|zurück (?:am|ab)?|wieder (?:im büro )?(?:am|ab)|ab dem|de retour (?:le)?|retour (?:le)?|de vuelta (?:el)?|regreso (?:el)?|vuelvo (?:el)?|volveré (?:el)?';

const weekday = String.raw`(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo),?\s+(?:(?:the|le|el|den)\s+)?`;
/** one date, in the forms the four languages write them: its parts are named groups */
const datePattern = String.raw`(?:${weekday})?(?:(?<iso>\d{4}-\d{2}-\d{2})|(?<d1>\d{1,2})[./](?<m1>\d{1,2})(?:[./](?<y1>\d{2,4}))?|(?<d2>\d{1,2})(?:st|nd|rd|th|er|\.|º)?\s+(?:de\s+)?(?<m2>${monthPattern})\.?(?:\s+(?:de\s+)?(?<y2>\d{4}))?|(?<m3>${monthPattern})\.?\s+(?<d3>\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(?<y3>\d{4}))?)`;
const cueDate = new RegExp(
  String.raw`(?<cue>${untilCues}|${backCues})\s+(?:(?:the|le|el|den|dem)\s+)?${datePattern}`,
  'iu',
);

const pad = (n: number) => String(n).padStart(2, '0');
const dayString = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The stated return day (YYYY-MM-DD), or null: after `until` the day after, after `back on` that day. */
export const returnDateIn = (text: string, messageDay: string): string | null => {
  const match = cueDate.exec(text.toLowerCase());
  if (!match?.groups) return null;
  const g = match.groups;
  const received = new Date(`${messageDay}T00:00:00Z`);
  let year: number | undefined;
  let month: number;
  let day: number;
  if (g.iso) {
    [year, month, day] = g.iso.split('-').map(Number) as [number, number, number];
  } else if (g.d1) {
    day = Number(g.d1);
    month = Number(g.m1);
    year = g.y1 ? Number(g.y1.length === 2 ? `20${g.y1}` : g.y1) : undefined;
  } else {
    day = Number(g.d2 ?? g.d3);
    month = months[(g.m2 ?? g.m3)!]!;
    year = g.y2 || g.y3 ? Number(g.y2 ?? g.y3) : undefined;
  }
  const build = (y: number) => new Date(Date.UTC(y, month - 1, day));
  let date = build(year ?? received.getUTCFullYear());
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  // no year written: the next such day on or after the message's
  if (year === undefined && date < received) date = build(received.getUTCFullYear() + 1);
  const until = new RegExp(`^(?:${untilCues})$`, 'iu').test(g.cue!.trim());
  if (until) date = new Date(date.getTime() + 24 * 60 * 60_000);
  return dayString(date);
};

/** The label of a message (the prompt lambdas/replies/triage.ts writes: its date, subject and the contact's words). */
export const triageAnswer = (prompt: string): TriageAnswer => {
  const messageDay = /Message date: (\d{4}-\d{2}-\d{2})/.exec(prompt)?.[1] ?? dayString(new Date());
  const automatic = /headers mark it as an automatic answer/i.test(prompt);
  const text = prompt
    .replace(/^Message date: .*$/m, '')
    .replace(/^Its headers mark it as an automatic answer\.$/m, '')
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/\s+/g, ' ');
  const classification = automatic
    ? 'out_of_office'
    : (rules.find(([, patterns]) => patterns.some((pattern) => pattern.test(text)))?.[0] ?? 'other');
  return {
    classification,
    returnDate: classification === 'out_of_office' ? returnDateIn(text, messageDay) : null,
  };
};
