import { describe, expect, it } from 'vitest';
import { returnDateIn, triageAnswer } from './openai-triage.js';

const prompt = (body: string, subject = 'Re: Hello', day = '2026-12-06') =>
  `Message date: ${day}\nSubject: ${subject}\n\n${body}`;

describe('the sandbox model sorts replies from their words', () => {
  it.each([
    ['Sounds great, I am interested. Can we set up a call next week?', 'interested'],
    ['Gerne, das klingt gut. Lassen Sie uns sprechen.', 'interested'],
    ["Avec plaisir, ça m'intéresse beaucoup.", 'interested'],
    ['Me interesa, hablemos el jueves.', 'interested'],
    ['Not right now, maybe later this year.', 'not_now'],
    ['Im Moment nicht, vielleicht nächstes Quartal.', 'not_now'],
    ['Pas pour le moment, recontactez-moi plus tard.', 'not_now'],
    ['Ahora no, quizás más adelante.', 'not_now'],
    ["I'm not the right person; please reach out to my colleague Maria.", 'referral'],
    ['Bitte wenden Sie sich an meine Kollegin Frau Weber.', 'referral'],
    ['Contactez plutôt mon collègue Pierre.', 'referral'],
    ['Hable con mi colega Ana, ella es la persona adecuada.', 'referral'],
    ['Please unsubscribe me and stop emailing me.', 'unsubscribe'],
    ['Bitte keine weiteren E-Mails, ich möchte mich abmelden.', 'unsubscribe'],
    ['Merci de ne plus me contacter.', 'unsubscribe'],
    ['Por favor, darme de baja de esta lista.', 'unsubscribe'],
    ['Not interested, thanks.', 'other'],
    ['Thanks for the note.', 'other'],
  ])('%s -> %s', (body, expected) => {
    expect(triageAnswer(prompt(body))).toEqual({ classification: expected, returnDate: null });
  });

  it.each([
    ['I am out of the office until 14 January with limited access to e-mail.', '2027-01-15'],
    ['Ich bin bis 14. Januar nicht im Büro.', '2027-01-15'],
    ["Je suis absent jusqu'au 10 janvier.", '2027-01-11'],
    ['Estoy fuera de la oficina hasta el 5 de febrero.', '2027-02-06'],
    ["I'm on vacation and back on Monday, December 14.", '2026-12-14'],
    ['Abwesenheitsnotiz: ich bin ab dem 20.12.2026 wieder im Büro.', '2026-12-20'],
    ['On leave until 2027-03-02.', '2027-03-03'],
    ['Je suis en congé, de retour le 31 décembre.', '2026-12-31'],
  ])('an out-of-office: %s -> back %s', (body, returnDate) => {
    expect(triageAnswer(prompt(body))).toEqual({ classification: 'out_of_office', returnDate });
  });

  it('an out-of-office that states no date has none', () => {
    expect(triageAnswer(prompt('I am out of the office with limited access to e-mail.'))).toEqual({
      classification: 'out_of_office',
      returnDate: null,
    });
  });

  it('an answer the headers call automatic is an out-of-office, its date read from the text', () => {
    const text = `Message date: 2026-12-06\nIts headers mark it as an automatic answer.\nSubject: Re: Hello\n\nBack on 4 January.`;
    expect(triageAnswer(text)).toEqual({ classification: 'out_of_office', returnDate: '2027-01-04' });
  });

  it('a date that is no calendar day is none', () => {
    expect(returnDateIn('until 31 february', '2026-12-06')).toBeNull();
  });
});
