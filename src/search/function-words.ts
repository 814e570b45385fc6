/** Words that carry grammar rather than meaning, in English and German (folded). */

const wordSet = (...lines: string[]): ReadonlySet<string> => new Set(lines.join(' ').split(' '));

/** English grammar words; some, such as "an" and "so", are German ones too. */
const ENGLISH_GRAMMAR = wordSet(
  'a an the of for to and or in on at with by from into as per vs my our we us i me you it its their this that',
  'these those there is are was were be been has have had do does did can could would should will please what whats',
  'who how when where why yet still so far but not no all which any some each every out about between',
  'before after since than get want need let like them they his her eur euro euros if whether otherwise else already',
  // what is left of "haven't", "they've", "we'll"; and what a chat adds
  've ll re don didn doesn haven hasn isn aren wasn weren won shouldn couldn wouldn here pls plz thanks cheers just now',
);

/** English words that open a noun: "push the end date out", "is there a tag for …". */
export const ENGLISH_DETERMINERS: ReadonlySet<string> = wordSet('the a an this that these those our my its any');

/** German grammar words that English does not use: one of them makes a request German. */
export const GERMAN_FUNCTION_WORDS = wordSet(
  'der die das des den dem ein eine einen einem einer eines und oder zum zur im auf aus bei mit von vom',
  'fur uber unter nach vor bis je als aber nicht kein keine ist sind wird werden wurde wurden haben',
  'hatte wir ich uns unser unsere mein meine sie es wie wo wann noch schon bitte zu zwischen',
  'seit dieser diese dieses diesem diesen alle aller allen alles welche welcher welches sich dann',
  'beim ins ums furs aufs mir dir mich dich ihm ihn ihnen hab habe wieder drin dort hier jetzt gerade bereits',
  'eigentlich nochmal doch nur auch wenn dass ob weil denn sonst nachtraglich erst zuerst erstmal zunachst',
  'du ihr soll sollen sollte muss mussen musste kann kannst konnen will wollen uberhaupt uberall ihre ihren ihrem irgendwas',
  // "würde…" as wordsOf spells it, apart from the past "wurde…"
  'wuerde wuerden wuerdest wuerdet',
  // as a chat writes them: "guck ma", "ham mer", "gibts noch nich"
  'ma mer nich',
  // as Bavarian, Austrian and Swiss typing writes them: "wos muas i no freigebn", "isch scho zahlt";
  // and the Ruhr, Saxony and the Palatinate: "wat is dat", "dor vertrach uffm projekt"
  'wos wia isch ned scho muas hob hod hamma gell nix ois wat dat dor uff uffm',
  // words one letter off vocabulary words ("die anderen" is no "ändern")
  'andere anderen anderer anderes anschliessend',
);

/** German grammar words that are English words too, and so say nothing about the language. */
const GERMAN_AND_ENGLISH = wordSet('am man da er war hat mal pro ne nen um ja');

/**
 * Verbs that say only that a request reads ("prüf mal …", "schau nach …", "check …", Berlin's "kiek
 * ma nach", Swiss "lueg", Palatine and Swabian "gugg", "nochgugga"): whether one record or a list,
 * the rest of the request says. They open a step all the same.
 */
export const CHECK_VERBS = wordSet(
  'check verify checken prufen pruf prufe uberprufen nachprufen kontrollieren kontrollier schauen schau schaug gucken guck nachgucken kucken kuck kiek kieken nachkieken lueg luege lueget nachluege gugg gugge guggen nachguggen nochguggen gegenchecken gegenprufen abchecken',
);

/** German question words, and the verbs that open a question straight after one: "was ist …", "wer hat …". */
export const GERMAN_QUESTION_WORDS = wordSet('wo was wer wie wann welche welcher welches welchen warum wieso');
export const GERMAN_QUESTION_VERBS = wordSet('ist sind hat haben');

/** Words that only ask politely, before the verb or anywhere: "please show …", "Bitte prüfen Sie …". */
export const POLITE_WORDS: ReadonlySet<string> = wordSet('please pls plz kindly bitte');

/** Words that say nothing about which tool is meant. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...ENGLISH_GRAMMAR,
  ...GERMAN_FUNCTION_WORDS,
  ...GERMAN_AND_ENGLISH,
  ...CHECK_VERBS,
]);

/** Words that start what qualifies the thing asked for: "invoices of a contract", "Nachträge zum Vertrag". */
export const PREPOSITIONS: ReadonlySet<string> = wordSet(
  'of for on in at with from by per to across between des der eines einer zum zur im am an auf bei beim mit von vom fur furs je pro uber zwischen',
);

/** Words after which "to" starts a verb, not a qualifier: "I need to pay", "how to add". */
export const BEFORE_INFINITIVE: ReadonlySet<string> = wordSet('want wants need needs have has had going how able try trying');

/** German finite verbs that make a closing participle a state: "Wie viel ist schon vergeben?" */
export const GERMAN_AUXILIARIES: ReadonlySet<string> = wordSet(
  'ist sind war waren wird werden wurde wurden hat haben hatte hatten',
);

/** Words a yes-or-no question starts with: "did we pay it in full?" asks to read, not to pay. */
export const QUESTION_OPENERS: ReadonlySet<string> = wordSet(
  'did do does is are was were has have had ist sind war waren wurde wurden hat haben hatten gibt',
);
