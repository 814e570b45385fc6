/**
 * How a request is phrased, before what its words mean: as a question or a request to see
 * something ("what is still waiting for approval?", "zeig mir …"), it asks to read, whatever
 * verbs it holds; a write must not be the first answer to it.
 */
import { CHECK_VERBS, GERMAN_AUXILIARIES, GERMAN_QUESTION_VERBS, GERMAN_QUESTION_WORDS, POLITE_WORDS } from './function-words.js';
import { infinitivesOf } from './separable-verbs.js';
import { wordsOf, WRITTEN_WORD } from './text.js';
import { grammarWordOf, spokenSpellingsOf } from './word-forms.js';

const words = (text: string): ReadonlySet<string> => new Set(text.split(' '));

/** Verbs that ask to see something, in English and German (folded); a letter's "please advise which …" too. */
export const READ_VERBS: ReadonlySet<string> = new Set([
  ...CHECK_VERBS,
  ...words(
    'show list display give provide furnish advise tell see view find locate search look pull trace track surface zeig zeige zeigt zeigen liste listet listen auflisten such suche finde nachvollziehen',
  ),
]);

/** A verb of seeing that asks to see on its own; "give" needs a "me" ("give Schmidt Bau the go-ahead"). */
const asksToSee = (verb: string) => READ_VERBS.has(verb) && verb !== 'give';

/** Words a request to read starts with, in English and German (folded). */
const READ_OPENERS = new Set([
  ...READ_VERBS,
  ...words(
    [
      'what whats which who whos whom whose when whens where wheres why how hows is are was were has have had did does do any',
      'was welche welcher welches welchen wer wem wen wann wo wieso warum wie ist sind war waren hat haben hatte hatten wurde wurden gibt gibts gab',
      // as Bavarian, Austrian, Swiss and Ruhr typing writes them:
      // "wos is no offn", "wia schauts aus", "isch die scho zahlt", "wat hat der Bauherr …";
      // and Scots "wha", "whit": "Wha renamed the Retention tag?"
      'wos wia isch hot hod san hamma wat wha whit',
    ].join(' '),
  ),
]);

/** Prepositions a question may open with: "bei welchem Subunternehmer fehlt …", "for which invoices …", "bis wann …". */
const QUESTION_PREPOSITIONS = words('bei an auf aus fur mit von vor zu seit bis in for on with from to since at by');
/** Question words after such a preposition. */
const ASKED_AFTER_PREPOSITION = words('welche welcher welches welchem welchen wem wen was wann wo which what whom whose when');

/** After "how", these ask how to do something ("how do I book …"); anything else asks about an amount or a state. */
const HOW_TO_ACT = words('do does can could should would will shall to i we');

/** After "wie", a modal, or a verb with its subject ("wie buche ich …"), asks how to do something. */
const WIE_TO_ACT = words('kann konnen konnte soll sollen muss mussen');
const WIE_SUBJECTS = words('ich wir man');

/** Verbs of handing over, and the words after them that make them a request to see: "gib mir …", "schick mer mol …", "send me …". */
const HAND_OVER = words('gib schick schicke send');
const TO_ME = words('mir uns mal ma mer me us');

/** After "do"/"does"/"did", a pronoun makes a question ("do we owe…"); otherwise "do" is an order. */
const PRONOUNS = words('we i you they it he she the any our');

/**
 * German modals that carry their "du", as written and as Swabian, Palatine and Swiss typing writes
 * them: "kannst mir …", "kannste ma …", "kannsch die einspielen?", "chasch mer …".
 */
const MODALS_WITH_DU = words('kannst konntest kannste wuerdest wurdest kannsch kannschde kasch chasch chonntsch chonntisch');

/** Swiss "können"/"könnten" before their addressee: "Chönd Sie …", "Chönnted Sie …". */
const SWISS_MODALS = words('chond chonnt chonnted chonntet');

/** Openings that ask someone to do something, question mark or not: "please book …", "mach …", "lass uns …". */
const ASKS_FOR_ACTION = new Set([...words('please bitte mach mache lass'), ...MODALS_WITH_DU]);

/**
 * Modals that ask someone to do something with "you" after them ("can you book …"); with "I" they
 * ask whether one may or must ("muss ich … noch hochladen?").
 */
const MODALS = new Set([...words('can could would will konnen konnten wuerden muss mussen soll sollen sollte'), ...SWISS_MODALS]);

const ADDRESSED = words('you u ya ye ee sie');

/**
 * Verbs besides those of seeing after which "if" asks a question rather than sets a condition:
 * "could you confirm if …", "would you know if …".
 */
const FINDING_OUT = words('confirm know');

/** What "let me"/"let us" asks for when it asks to see or be told: "let me see …", "let us know …", "let me have the list". */
const LET_ME = words('see view know have');

/** Whether the words from `at` on say "let me see", "let us know" and the like. */
const letsSee = (said: readonly string[], at: number): boolean =>
  said[at] === 'let' && (said[at + 1] === 'me' || said[at + 1] === 'us') && LET_ME.has(said[at + 2] ?? '');

/**
 * What the one addressed after a modal is asked for: a verb of seeing, past any "please" ("would
 * you please show …", "could you let me see …"), or one that asks whether ("would you please
 * confirm whether … has been deleted", "können Sie bitte nachsehen, ob …").
 */
function asksAddresseeToFindOut(afterAddressee: readonly string[]): boolean {
  const at = afterAddressee.findIndex((word) => !POLITE_WORDS.has(word));
  const verb = afterAddressee[at] ?? '';
  const next = afterAddressee[at + 1];
  return (
    asksToSee(verb) ||
    letsSee(afterAddressee, at) ||
    next === 'whether' ||
    next === 'ob' ||
    (next === 'if' && FINDING_OUT.has(verb))
  );
}

/** German modals that take an addressee after them: "Können Sie …", Swiss "Chönd Sie …". */
const MODALS_BEFORE_ADDRESSEE = new Set([...words('konnen konnten wuerden wurden'), ...SWISS_MODALS]);
const GERMAN_ADDRESSED = words('sie se du ihr');

/** Those told something in German ("mir", spoken "ma", Swiss "mer"), and the verbs that then ask to be told or shown (Swiss "säge" too). */
const TOLD = words('mir uns ma mer');
const TELLING = words(
  'sagen sage nennen geben mitteilen aufstellen zusammenstellen aufzeigen darstellen aufschlusseln aufbereiten schicken senden zuschicken zusenden ruberschicken ruberschieben weiterleiten raussuchen heraussuchen rausziehen herausziehen',
);

/**
 * Whether a German sentence asks the one addressed to show or tell something, the verb last in
 * its first clause: "Können Sie mir die Summe aufstellen?", "Kannst du checken, wer …", "kannste
 * mir ma zeigen, wie …"; "Kannst du mir die Rechnung buchen?" asks for an action.
 */
function asksAddresseeToShow(sentence: string): boolean {
  const clause = wordsOf(sentence.split(/[,;:.!?\u2013\u2014]/)[0] ?? '');
  const [first = '', second = ''] = clause;
  if (!MODALS_WITH_DU.has(first) && !(MODALS_BEFORE_ADDRESSEE.has(first) && GERMAN_ADDRESSED.has(second))) return false;
  // The verb closes the first clause or, past an aside in commas, the sentence: "Kannst du mir den
  // Final Account, also die Schlussrechnung von Schmitz, als PDF rausziehen?"
  const verbs = [clause.at(-1) ?? '', wordsOf(sentence.split(/[.!?]/)[0] ?? '').at(-1) ?? ''];
  const forms = verbs.flatMap((verb) => [verb, ...spokenSpellingsOf(verb)]);
  return forms.some(asksToSee) || (forms.some((form) => TELLING.has(form)) && clause.some((word) => TOLD.has(word)));
}

/**
 * Whether a German order asks to be told or shown by a separable verb, its particle closing the
 * first clause: "Bitte stellen Sie mir den Stand der Raten zusammen: …", "stell uns die Kosten auf";
 * in a letter, the first sentence that opens with "bitte" ("Sehr geehrte Damen und Herren, die
 * Firma … hat sich gemeldet. …: Bitte teilen Sie mir mit, wo …").
 */
function ordersToBeTold(request: string): boolean {
  const sentences = request.split(/[.!?:](?:\s|$)/);
  const asked = sentences.slice(1).find((sentence) => POLITE_WORDS.has(wordsOf(sentence)[0] ?? ''));
  return [request, ...(asked ? [asked] : [])].some(toldInFirstClause);
}

function toldInFirstClause(sentence: string): boolean {
  const clause = wordsOf(sentence.split(/[,;:.!?\u2013\u2014]/)[0] ?? '');
  const [verb = '', ...rest] = POLITE_WORDS.has(clause[0] ?? '') ? clause.slice(1) : clause;
  const particle = rest.at(-1) ?? '';
  return rest.some((word) => TOLD.has(word)) && infinitivesOf(verb).some((infinitive) => TELLING.has(particle + infinitive));
}

/** Whether words open with a modal and the one addressed: "can you …", "would ye …". */
const opensWithModalToAddressee = ([first = '', second = '']: readonly string[]): boolean =>
  MODALS.has(first) && ADDRESSED.has(second);

/** Whether a sentence opens by asking someone to act: "Can you get it into the system?", "Kannst du …". */
function opensAskingForAction(sentence: string): boolean {
  if (asksAddresseeToShow(sentence)) return false;
  const said = wordsOf(sentence);
  return ASKS_FOR_ACTION.has(said[0] ?? '') || (opensWithModalToAddressee(said) && !asksAddresseeToFindOut(said.slice(2)));
}

/**
 * Whether a request opens by asking the one addressed: "can u look up … and if not add them?",
 * whose question mark closes the whole request, not its last step.
 */
export const asksTheAddressee = (request: string): boolean => opensWithModalToAddressee(wordsOf(withoutSalutation(request)));

/** Modals that, with the one addressed after them, close an order as its tag: "Change it over to …, will you?", "would ee?". */
const TAG_MODALS = words('will would can could wud cud');

const endsWithTag = (sentence: string): boolean => {
  const said = wordsOf(sentence);
  return said.length > 2 && TAG_MODALS.has(said.at(-2)!) && ADDRESSED.has(said.at(-1)!);
};

/**
 * Whether a request asks a question: it ends with one, or its first sentence does ("… schon drin?
 * projekt pieschen"), and that question does not ask someone to act, from its start, from its
 * last clause or by its tag ("New invoice from Forth Joinery in my inbox. Can you get it into the
 * system?", "Got a valuation from Avon, can you get it in?", "Change it on meter E01 will ee?").
 */
function asksQuestion(request: string): boolean {
  const sentences = request.trim().match(/[^.!?]+[.!?]*/g) ?? [];
  return [sentences[0], sentences.at(-1)].some(
    (sentence) =>
      sentence?.trim().endsWith('?') &&
      !opensAskingForAction(sentence) &&
      !opensAskingForAction(lastClauseOf(sentence)) &&
      !endsWithTag(sentence),
  );
}

/** What follows a sentence's last comma, colon, semicolon or dash. */
const lastClauseOf = (sentence: string): string => sentence.split(/[,;:\u2013\u2014]|\s-\s/).at(-1)!;

/**
 * After a modal, the one who asks: "muss ich … noch freigeben", "can we still …" ask, question mark
 * or not; so do the spoken forms of "wir" and "man" ("müssen wa …", "kann ma …").
 */
const ASKERS = words('i we ich wir man wa ma');

/**
 * Question words that open a clause after a comma or colon, where they ask an indirect question:
 * "Nachvollziehen bitte, welcher User … entfernt hat". English "which" is left out: after a comma
 * it mostly starts a relative clause ("the invoice, which came in yesterday").
 */
const INDIRECT_QUESTION = words('what who when welche welcher welches welchen wer wann');

/** Verbs that report a question: "the accountant's asking who signed off …", "der Prüfer fragt, wer …". */
const ASKING = words('asking asks asked wondering fragt fragen fragte');
/** After a verb of asking, "which" asks too: it starts no relative clause there. */
const REPORTED_QUESTION = new Set([...INDIRECT_QUESTION, 'which']);

/**
 * A wish to know asks a question: "want to know who …", "möcht wissen, wer …", "i mog wissn wer
 * …"; "we know what …" does not.
 */
const KNOWING = words('know wissen wissn wisse');
const WANTING = words('want wanna like would mochte mochten mocht mog mecht will wollte wollen wusste gern gerne');

const wantsToKnow = (said: readonly string[], at: number) =>
  KNOWING.has(said[at]!) && [said[at - 1], said[at - 2]].some((word) => WANTING.has(word ?? ''));

/** Whether a question is reported anywhere in the request: a verb of asking or a wish to know, then a question word. */
function reportsQuestion(request: string): boolean {
  const said = wordsOf(request);
  return said.some((word, at) => (ASKING.has(word) || wantsToKnow(said, at)) && REPORTED_QUESTION.has(said[at + 1] ?? ''));
}

/**
 * Whether a German question stands in the request without its question mark, a question word
 * and "ist"/"hat" after it: "Kaßberg Höfe Nachträge wo drückt der Schuh was ist noch nicht durch".
 * A relative clause puts its verb last ("zahl, was noch offen ist") and asks nothing.
 */
function asksWithoutMark(said: readonly string[]): boolean {
  return said.some((word, at) => GERMAN_QUESTION_WORDS.has(word) && GERMAN_QUESTION_VERBS.has(said[at + 1] ?? ''));
}

/** Whether a clause after the first asks an indirect question. */
function asksIndirectly(request: string): boolean {
  return request
    .split(/[,:]/)
    .slice(1)
    .some((clause) => INDIRECT_QUESTION.has(wordsOf(clause)[0] ?? ''));
}

/**
 * After a verb of seeing, those to be shown ("zeig mir …", "show us …", spoken "zeig ma …") or what
 * the request named before it ("…, list them please").
 */
const SHOWN_TO = words('me us mir uns ma them those these sie');

/** German verbs of looking something up, as the polite infinitive ends a request with them. */
const LOOKED_UP = words('nachschauen nachsehen anschauen ansehen durchsehen einsehen anzeigen raussuchen heraussuchen');

/** Whether a German infinitive asks to see, as written or as dialect typing writes it ("nachschaun"). */
const seesAsInfinitive = (verb: string): boolean =>
  [verb, ...spokenSpellingsOf(verb)].some((form) => asksToSee(form) || LOOKED_UP.has(form));

/**
 * Whether the request's last sentence or clause asks to be shown something: "Mir fehlt eine
 * Zahlung – zeig mir den Verlauf.", or in German's polite order with the verb last: "Stimmt des?
 * Bitte im Protokoll nachschaun."
 */
function endsAskingToSee(request: string): boolean {
  const clauses = request
    .split(/[.!?;:,\u2013\u2014]|\s-\s/)
    .map((clause) => wordsOf(clause))
    .filter((clause) => clause.length);
  const last = clauses.at(-1) ?? [];
  const [opening = '', shownTo = ''] = last;
  const showMe = READ_VERBS.has(opening) && SHOWN_TO.has(shownTo);
  const politeToSee = POLITE_WORDS.has(opening) && seesAsInfinitive(last.at(-1) ?? '');
  return clauses.length > 1 && (showMe || politeToSee);
}

/** What a letter's "please find" hands over rather than asks to see: "Please find attached the invoice". */
const HANDED_OVER = words('attached enclosed herewith');

/** Whether "please"/"bitte" and a verb of seeing stand together anywhere: "NT 12 Erdarbeiten bitte zeigen". */
function asksPolitelyToSee(said: readonly string[]): boolean {
  return said.some((word, at) => POLITE_WORDS.has(word) && asksToSee(said[at + 1] ?? '') && !HANDED_OVER.has(said[at + 2] ?? ''));
}

/** What a chat opens with before the request: "quick one: is …", "hi, can you …", "ok so …", "sag mal, …". */
const SMALL_TALK = [
  ...['hi', 'hiya', 'hey', 'hello', 'morning', 'ok', 'okay', 'so', 'btw', 'fyi', 'quick one', 'quick question', 'quick q'],
  ...['good morning', 'good afternoon', 'guten morgen', 'guten tag', 'gruss gott', 'gruss dich', 'gruss di'],
  // Bavarian and Austrian "Grüß dich", "Grüß euch", "Grüß Gott"
  ...['griass di', 'griass eich', 'griass god', 'griass gott'],
  ...['hallo', 'moin', 'servus', 'gruezi', 'hoi', 'sag mal', 'sag ma', 'sach ma', 'sach mal', 'kurze frage'],
  // regional greetings and openers: Geordie "howay", New Zealand "kia ora", Irish "sure look",
  // South African "eish", Bernese "grüessech", Austrian "heast", Hessian "ei gude", Ruhr "hömma"
  ...['hi there', 'hey there', 'hi again', 'howay', 'kia ora', 'sure look', 'eish', 'right', 'mate'],
  ...['hallo zusammen', 'gruessech', 'heast', 'ei gude', 'homma'],
]
  .map((phrase) => phrase.split(' '))
  .sort((a, b) => b.length - a.length);

/**
 * A letter's salutation, closed by a comma or a line's end: "Dear Kelvin,", "Dear all,", "Sehr
 * geehrte Damen und Herren,", "Liebe Frau Özdemir,", "Good evening Niamh,". The greetings small
 * talk is (SMALL_TALK: "Hi", "Good morning", "Guten Tag") are gone before a request's phrasing is
 * judged; the name after them stays ("Niamh, could you …").
 */
const SALUTATION = /^(?:dear|good evening|liebe[rs]?|sehr geehrte[rs]?)(?:\s+[^\s,]+){0,4}\s*(?:,|\n)/i;

/** The request without the salutation of a letter it opens with. */
function withoutSalutation(request: string): string {
  const salutation = SALUTATION.exec(request);
  return salutation ? request.slice(salutation[0].length).trimStart() : request;
}

/** The request without the small talk it opens with; the opening decides how a request is read. */
export function withoutSmallTalk(request: string): string {
  const opening = [...request.matchAll(WRITTEN_WORD)].slice(0, 2);
  const first = opening.map((match) => wordsOf(match[0])[0]);
  const talk = SMALL_TALK.find((phrase) => phrase.every((word, i) => first[i] === word));
  if (!talk) return request;
  const end = opening[talk.length - 1]!;
  return withoutSmallTalk(request.slice(end.index + end[0].length).replace(/^[\s,.:;!-]+/, ''));
}

/**
 * "I need the …", "requesting the …", "ich brauche die …", chat's "brauch die …": a need of
 * something to see; "I need to pay …" and "need a new tag set up" ask for an action.
 */
const NEEDS = words('need requesting brauch brauche brauchen brauchte');
const NEEDER = words('i we ich wir');
const NEEDED = words('the a an all every our my die den das eine einen alle');
const NEW = words('new neu neue neuen neuer neues');

function needsToSee(opening: readonly string[]): boolean {
  const need = NEEDER.has(opening[0] ?? '') ? 1 : 0;
  return NEEDS.has(opening[need] ?? '') && NEEDED.has(opening[need + 1] ?? '') && !NEW.has(opening[need + 2] ?? '');
}

/**
 * German's formal order opens like a question but asks for an action:
 * "danach ist deren Handelsregisternummer auf CHE-112.345.678 zu berichtigen", "sind 31.250 EUR
 * als Teilzahlung zu verbuchen". Its first clause ends with "zu" and an infinitive.
 */
function ordersFormally(request: string, first: string): boolean {
  if ((first !== 'ist' && first !== 'sind') || request.includes('?')) return false;
  const clause = wordsOf(request.split(/[,;:.!\u2013\u2014](?:\s|$)/)[0] ?? '');
  // "ist da noch was zu zahlen", "ist die 12 noch zu bezahlen" ask what is still open.
  const asksWhatIsLeft = clause.includes('was') || clause.includes('noch');
  return clause.at(-2) === 'zu' && /..(en|ern|eln)$/.test(clause.at(-1) ?? '') && !asksWhatIsLeft;
}

/**
 * The aside a formal German letter opens with, up to its comma: "wie heute telefonisch besprochen,
 * …", "wie in der Baubesprechung protokolliert, …". It names what was agreed, no question: a
 * participle closes it and no finite verb stands in it.
 */
function asAgreed(request: string): string | undefined {
  const aside = /^[^,?]*,\s*/.exec(request)?.[0];
  const said = wordsOf(aside ?? '');
  const participle = /^(?:ge|be|ver|er|ent|zer|[a-z]+ge)[a-z]+(?:t|en)$|iert$/.test(said.at(-1) ?? '');
  return aside && participle && !said.some((word) => GERMAN_AUXILIARIES.has(grammarWordOf(word))) ? aside : undefined;
}

/**
 * A German order to "Sie" with its "bitte" asks for an action, a question mark after it or not:
 * "Mached Sie mir bitte es neus Etikettli?", "Buchen Sie bitte die Zahlung?". One that opens with
 * a verb of seeing, a modal or an auxiliary is judged as before ("Zeigen Sie mir bitte …").
 */
function ordersPolitely([first = '', second = '', ...rest]: readonly string[]): boolean {
  return (
    second === 'sie' &&
    rest.slice(0, 3).includes('bitte') &&
    !READ_OPENERS.has(first) &&
    !MODALS.has(first) &&
    !MODALS_BEFORE_ADDRESSEE.has(first) &&
    !GERMAN_AUXILIARIES.has(first)
  );
}

/**
 * Whether a request asks to read by how it is phrased: a question, or a request that starts by
 * asking to see, list or find; "how do I pay …", "can you book …" ask for an action.
 */
export function phrasedAsRead(written: string): boolean {
  const request = withoutSalutation(written);
  const opening = wordsOf(request);
  const [first = '', second = '', third = ''] = opening;
  if (needsToSee(opening)) return true;
  if (asksPolitelyToSee(opening) || asksAddresseeToShow(request) || ordersToBeTold(request)) return true;
  // "Please has the new meter been created already?": a question after a please
  if (POLITE_WORDS.has(first) && READ_OPENERS.has(second) && !READ_VERBS.has(second)) return request.trim().endsWith('?');
  if (POLITE_WORDS.has(first) && letsSee(opening, 1)) return true;
  if (ASKS_FOR_ACTION.has(first)) return letsSee(opening, 1);
  if (first === 'let') return letsSee(opening, 0);
  if (MODALS.has(first))
    return ADDRESSED.has(second) ? asksAddresseeToFindOut(opening.slice(2)) : ASKERS.has(second) || asksQuestion(request);
  if (first === 'how') return !HOW_TO_ACT.has(second);
  if (first === 'wie') {
    const aside = asAgreed(request);
    if (!aside) return !WIE_TO_ACT.has(second) && !WIE_SUBJECTS.has(third);
    // After the aside the verb stands first without asking: "…, hat die Firma ihre Bank gewechselt."
    const rest = request.slice(aside.length);
    return READ_OPENERS.has(wordsOf(rest)[0] ?? '') ? rest.includes('?') : phrasedAsRead(rest);
  }
  if (first === 'do') return PRONOUNS.has(second);
  // "gib mir …" asks to see; "gib der Keller AG grünes Licht" asks for an action.
  if (HAND_OVER.has(first)) return TO_ME.has(second);
  if (ordersFormally(request, first) || ordersPolitely(opening)) return false;
  if (READ_OPENERS.has(first) || (QUESTION_PREPOSITIONS.has(first) && ASKED_AFTER_PREPOSITION.has(second))) return true;
  return (
    asksQuestion(request) ||
    asksIndirectly(request) ||
    reportsQuestion(request) ||
    endsAskingToSee(request) ||
    asksWithoutMark(opening)
  );
}
