/**
 * Asking who did something asks the users' audit trail, whatever was done: "who binned the plant
 * invoice", "wer am 11. März die Zahlung korrigiert hat". The verb of doing then says what the
 * trail is searched for, not which tool to run.
 */
import { asksToDo } from './actions.js';
import { termsOf } from './conditional-actions.js';
import { wordsOf, type RequestWord } from './text.js';
import { grammarWordOf } from './word-forms.js';

const WHO_DID_IT = 'user audit events';

/** Past tenses that do not end in "ed": "who put", "who took". */
const IRREGULAR_PAST: ReadonlySet<string> = new Set(
  'put set took made did got wrote ran threw shot cut sent gave stuck broke knocked'.split(' '),
);

/** The forms of "haben" that make a German perfect ("hat", and as dialects type it: "hätt", "het"). */
const HAS: ReadonlySet<string> = new Set(['hat', 'haben', 'habe', 'hatte']);
/** Modals: "wer kann das anlegen?" asks who may, not who did. */
const MODALS: ReadonlySet<string> = new Set('kann konnte soll sollte muss musste darf will'.split(' '));
/** A German past participle: "angelegt", "korrigiert", "gelöscht", "überschrieben". */
const PARTICIPLE = /(?:t|ge[a-z]+en|ben)$/;
/** The furthest a German participle stands from its "wer": "wer hat am 15. Mai den Vertrag mit der Spenglerei Url angelegt". */
const LONGEST_CLAUSE = 16;

const asksToDoIn = (meaning: readonly string[]) => termsOf(meaning).some(asksToDo);

/** "who" before a verb of doing in the past: "who binned", "who zapped". */
function englishWhoDidIt(words: readonly RequestWord[], meanings: string[][]): void {
  words.forEach(({ word }, at) => {
    const verb = words[at + 1]?.word ?? '';
    const past = verb.endsWith('ed') || IRREGULAR_PAST.has(verb);
    if (word === 'who' && past && asksToDoIn(meanings[at + 1]!)) meanings[at + 1] = [WHO_DID_IT];
  });
}

/** "wer" with a perfect's "hat" and, later in the sentence, the participle of a verb of doing. */
function germanWhoDidIt(words: readonly RequestWord[], meanings: string[][]): void {
  words.forEach(({ word }, at) => {
    if (grammarWordOf(word) !== 'wer') return;
    const sentence = words.slice(at + 1, at + 1 + LONGEST_CLAUSE);
    const end = sentence.findIndex(({ endsClause }) => endsClause);
    const clause = end < 0 ? sentence : sentence.slice(0, end + 1);
    const said = clause.map((spoken) => grammarWordOf(spoken.word));
    if (!said.some((one) => HAS.has(one)) || said.some((one) => MODALS.has(one))) return;
    const participle = clause.findIndex(
      (spoken, offset) => PARTICIPLE.test(spoken.word) && !HAS.has(said[offset]!) && asksToDoIn(meanings[at + 1 + offset]!),
    );
    if (participle >= 0) meanings[at + 1 + participle] = [WHO_DID_IT];
  });
}

/** Words that ask for a person: "who", Scots "wha", German "wer" (and "von wem"), as dialects type them. */
const WHO: ReadonlySet<string> = new Set(['who', 'whos', 'wha', 'wer', 'wem']);

/** Words for the tables whose changes only the table-level trail lists: "need the table changes", "Tabelle für Tabelle". */
const TABLE = /^(?:tables?|tabelle[n]?|tabellenebene)$/;

/**
 * Whether a request asks who did something, and not for changes by table: "who binned …", "wer hat
 * … verstellt?", "… und von wem?"; not "whos been deleting stuff? need the table changes".
 */
export function asksWho(query: string): boolean {
  const said = wordsOf(query);
  return said.some((word) => WHO.has(grammarWordOf(word))) && !said.some((word) => TABLE.test(word));
}

/** Reads the question who did it, in place. */
export function readWhoDidIt(words: readonly RequestWord[], meanings: string[][], german: boolean): void {
  (german ? germanWhoDidIt : englishWhoDidIt)(words, meanings);
}
