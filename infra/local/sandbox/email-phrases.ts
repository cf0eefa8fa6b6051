/**
 * The sandbox model's phrases in the languages the app's e-mails are asked for (the prompt's 'E-mail language:
 * German (de)', lambdas/ai/email-prompt.ts). A real model writes any language; the sandbox knows the interface's four
 * (German, French and Spanish in the formal address their business e-mails use) and writes English for any other, so
 * a person trying the product locally, and a test, sees the language followed.
 */
export type Phrases = {
  greeting: (first: string) => string;
  reachingOut: string;
  iAm: (sender: string) => string;
  roleAt: (role: string, company: string) => string;
  from: (company: string) => string;
  cameAcross: (fact: string) => string;
  yourPath: (experience: string) => string;
  admire: (company: string) => string;
  hoping: (goal: string) => string;
  ask: string;
  signOff: string;
  subject: (sender: string, role: string, company: string) => string;
  followUp: (subject: string) => string;
  acceptTime: (time: string) => string;
  thanksForQuestion: string;
  thanks: string;
};

const lowerFirst = (text: string) => (text ? text[0]!.toLowerCase() + text.slice(1) : text);
const on = (sender: string) => (sender ? `${sender.split(/\s+/)[0]} ` : '');

const english: Phrases = {
  greeting: (first) => `Hi ${first || 'there'},`,
  reachingOut: "I'm reaching out",
  iAm: (sender) => `I'm ${sender}`,
  roleAt: (role, company) => `, ${role}${company ? ` at ${company}` : ''}`,
  from: (company) => ` from ${company}`,
  cameAcross: (fact) => `I came across this: ${fact}`,
  yourPath: (experience) => `Your path caught my eye, especially your time as ${experience}`,
  admire: (company) => `I admire the work${company ? ` at ${company}` : ''} and would value your perspective.`,
  hoping: (goal) => `I'm hoping to ${lowerFirst(goal.replace(/^i (want|hope) to /i, ''))}`,
  ask: 'Would you have 15 minutes for a short call in the coming weeks?',
  signOff: 'Best regards,',
  subject: (sender, role, company) =>
    `${on(sender)}on ${role && company ? `your work as ${role} at ${company}` : company ? `your work at ${company}` : 'your work'}`,
  followUp: (subject) =>
    `I wanted to follow up on my last e-mail${subject ? ` about ${subject}` : ''}. Would you have a few minutes to talk in the coming weeks?`,
  acceptTime: (time) =>
    `Thank you for getting back to me. ${time} works well for me; I have put it in my calendar and look forward to our conversation.`,
  thanksForQuestion:
    "Thank you for getting back to me, and for your question. I'd be glad to tell you more; would a short call this week suit you?",
  thanks: 'Thank you for your reply; I really appreciate you taking the time.',
};

const german: Phrases = {
  greeting: (first) => (first ? `Hallo ${first},` : 'Guten Tag,'),
  reachingOut: 'ich melde mich bei Ihnen',
  iAm: (sender) => `mein Name ist ${sender}`,
  roleAt: (role, company) => `, ${role}${company ? ` bei ${company}` : ''}`,
  from: (company) => ` von ${company}`,
  cameAcross: (fact) => `Dabei bin ich auf Folgendes gestoßen: ${fact}`,
  yourPath: (experience) => `Ihr Werdegang hat mich beeindruckt, besonders Ihre Zeit als ${experience}`,
  admire: (company) =>
    `Ich schätze die Arbeit${company ? ` bei ${company}` : ''} sehr und würde mich über Ihre Sicht freuen.`,
  hoping: (goal) => `Mein Anliegen: ${goal}`,
  ask: 'Hätten Sie in den nächsten Wochen 15 Minuten Zeit für ein kurzes Gespräch?',
  signOff: 'Viele Grüße',
  subject: (sender, role, company) =>
    `${on(sender)}zu ${role && company ? `Ihrer Arbeit als ${role} bei ${company}` : company ? `Ihrer Arbeit bei ${company}` : 'Ihrer Arbeit'}`,
  followUp: (subject) =>
    `ich wollte noch einmal an meine letzte E-Mail${subject ? ` zu „${subject}“` : ''} erinnern. Hätten Sie in den nächsten Wochen ein paar Minuten Zeit für ein Gespräch?`,
  acceptTime: (time) =>
    `vielen Dank für Ihre Rückmeldung. ${time} passt mir gut; ich habe es mir eingetragen und freue mich auf unser Gespräch.`,
  thanksForQuestion:
    'vielen Dank für Ihre Rückmeldung und Ihre Frage. Ich erzähle Ihnen gern mehr; passt Ihnen diese Woche ein kurzes Gespräch?',
  thanks: 'vielen Dank für Ihre Antwort; ich weiß es sehr zu schätzen, dass Sie sich die Zeit genommen haben.',
};

const french: Phrases = {
  greeting: (first) => (first ? `Bonjour ${first},` : 'Bonjour,'),
  reachingOut: 'Je me permets de vous écrire',
  iAm: (sender) => `Je suis ${sender}`,
  roleAt: (role, company) => `, ${role}${company ? ` chez ${company}` : ''}`,
  from: (company) => ` de ${company}`,
  cameAcross: (fact) => `J'ai remarqué ceci : ${fact}`,
  yourPath: (experience) => `Votre parcours a retenu mon attention, en particulier votre expérience de ${experience}`,
  admire: (company) =>
    `J'admire le travail mené${company ? ` chez ${company}` : ''} et votre regard me serait précieux.`,
  hoping: (goal) => `Mon objectif : ${goal}`,
  ask: 'Auriez-vous 15 minutes pour un court échange dans les semaines à venir ?',
  signOff: 'Bien cordialement,',
  subject: (sender, role, company) =>
    `${on(sender)}au sujet de ${role && company ? `votre poste de ${role} chez ${company}` : company ? `votre travail chez ${company}` : 'votre travail'}`,
  followUp: (subject) =>
    `Je me permets de revenir vers vous au sujet de mon dernier e-mail${subject ? ` (« ${subject} »)` : ''}. Auriez-vous quelques minutes pour échanger dans les semaines à venir ?`,
  acceptTime: (time) =>
    `Merci pour votre réponse. ${time} me convient très bien ; je l'ai noté dans mon agenda et me réjouis de notre échange.`,
  thanksForQuestion:
    'Merci pour votre réponse et pour votre question. Je serais ravi de vous en dire plus ; un court appel cette semaine vous conviendrait-il ?',
  thanks: 'Merci pour votre réponse ; je vous suis reconnaissant du temps que vous m’avez accordé.',
};

const spanish: Phrases = {
  greeting: (first) => (first ? `Hola, ${first}:` : 'Hola:'),
  reachingOut: 'Le escribo',
  iAm: (sender) => `Soy ${sender}`,
  roleAt: (role, company) => `, ${role}${company ? ` en ${company}` : ''}`,
  from: (company) => ` de ${company}`,
  cameAcross: (fact) => `Vi lo siguiente: ${fact}`,
  yourPath: (experience) => `Su trayectoria me llamó la atención, sobre todo su etapa como ${experience}`,
  admire: (company) =>
    `Admiro el trabajo${company ? ` que se hace en ${company}` : ''} y me encantaría conocer su punto de vista.`,
  hoping: (goal) => `Mi objetivo: ${goal}`,
  ask: '¿Tendría 15 minutos para una breve llamada en las próximas semanas?',
  signOff: 'Saludos cordiales,',
  subject: (sender, role, company) =>
    `${on(sender)}sobre ${role && company ? `su trabajo como ${role} en ${company}` : company ? `su trabajo en ${company}` : 'su trabajo'}`,
  followUp: (subject) =>
    `Le escribo de nuevo a propósito de mi último correo${subject ? ` («${subject}»)` : ''}. ¿Tendría unos minutos para hablar en las próximas semanas?`,
  acceptTime: (time) =>
    `Gracias por su respuesta. ${time} me viene muy bien; ya lo he anotado en mi calendario y espero con interés nuestra conversación.`,
  thanksForQuestion:
    'Gracias por su respuesta y por su pregunta. Con gusto le cuento más; ¿le vendría bien una breve llamada esta semana?',
  thanks: 'Gracias por su respuesta; le agradezco mucho el tiempo que me ha dedicado.',
};

const phrasebook: Record<string, Phrases> = { en: english, de: german, fr: french, es: spanish };

/** The phrases of the prompt's 'E-mail language: German (de)' field; English without one or for another language. */
export const phrasesFor = (languageField: string) =>
  phrasebook[/\(([a-z]{2})\)\s*$/.exec(languageField)?.[1] ?? 'en'] ?? english;
