/**
 * Inflection, undone without a dictionary: the endings English and German put on a word, so that
 * "suppliers", "booked", "offenen" and "Nachträge" find "supplier", "book", "offen" and "nachtrag";
 * German participles and verb forms find their infinitive ("angepasst", "gelöscht", "storniert",
 * "fehlt": anpassen, löschen, stornieren, fehlen), and umlauts typed as "ae", "oe", "ue" their
 * letter ("Zaehlerstaende": Zählerstände). German imperatives find theirs in German requests
 * ("änder", "buch": ändern, buchen).
 */
import { rememberedByWord } from './remembered.js';

/** Endings and what replaces them; a word may have several, and each gives a form to try. */
const ENDINGS: ReadonlyArray<readonly [string, string]> = [
  // English
  ['ies', 'y'],
  ['ing', ''],
  ['ing', 'e'],
  ['es', ''],
  ['ed', ''],
  ['d', ''],
  ['s', ''],
  // German
  ['ern', ''],
  ['en', ''],
  ['er', ''],
  ['em', ''],
  ['n', ''],
  ['e', ''],
];

/** English endings before which a consonant is doubled: logged -> log, planning -> plan. */
const DOUBLING = new Set(['ed', 'ing']);

const SHORTEST_STEM = 3;

/** Separable German verb prefixes, before the "ge" of a participle: an-ge-passt, nach-ge-tragen, raus-ge-gangen. */
const SEPARABLE_PREFIX =
  /^(ab|an|auf|aus|ein|nach|um|zu|vor|zuruck|raus|rein|runter|hoch|her|hin|weg|mit|fest|frei|dazu|durch)?ge(.+)$/;

/**
 * The infinitives a German verb form may be of: a participle without its "ge" (gebucht, eingetragen),
 * a form ending in -t (bezahlt, fehlt, storniert, bearbeitet, geändert) with -en or -n for it.
 */
function infinitivesOf(word: string): string[] {
  const participle = SEPARABLE_PREFIX.exec(word);
  const stems = participle ? [word, `${participle[1] ?? ''}${participle[2]}`] : [word];
  return stems.flatMap((stem) => {
    if (stem.endsWith('en') && stem !== word) return [stem];
    const verb = stem.slice(0, -1);
    if (!stem.endsWith('t') || verb.length < SHORTEST_STEM) return [];
    return [/([^i]er|el|e)$/.test(verb) ? `${verb}n` : `${verb}en`];
  });
}

/** Imperatives whose infinitive no rule finds: "nimm … raus" is rausnehmen. */
const IRREGULAR_IMPERATIVES: Readonly<Record<string, string>> = {
  nimm: 'nehmen',
  nehm: 'nehmen',
  sieh: 'sehen',
  lies: 'lesen',
  tritt: 'treten',
};

/**
 * The infinitives a German imperative may be of: "änder" -> ändern, "buch" -> buchen, "trag" -> tragen;
 * a strong verb's "i" is the infinitive's "e": "vergib" -> vergeben, "nimm" -> nehmen.
 */
export function imperativeOf(word: string): string[] {
  const irregular = IRREGULAR_IMPERATIVES[word];
  if (irregular) return [irregular];
  // An infinitive ends in "n"; an imperative may too when its stem does: "benenn", "trenn".
  if (word.length < SHORTEST_STEM || (word.endsWith('n') && !word.endsWith('nn'))) return [];
  const strong = /^(.*)i([^aeiou]+)$/.exec(word);
  const stems = strong ? [word, `${strong[1]}e${strong[2]!.replace(/(.)\1$/, '$1')}`] : [word];
  return stems.map((stem) => (/([^i]er|el)$/.test(stem) ? `${stem}n` : `${stem}en`));
}

/**
 * A German word as it is written with the "e" of its ending, where Bavarian and Austrian typing
 * drops it: "offn", "zahln", "eintragn", "anschaun" are offen, zahlen, eintragen, anschauen.
 */
export const withEndingE = (word: string): string | undefined =>
  (word.length >= 4 && /[^aeiouy]n$/.test(word)) || (word.length >= 6 && word.endsWith('aun'))
    ? `${word.slice(0, -1)}en`
    : undefined;

/**
 * An English -ing form as speech-like typing writes it, without its "g": "hangin", "sittin",
 * "owin'" are hanging, sitting, owing.
 */
export const withEndingG = (word: string): string | undefined =>
  word.length >= 4 && word.endsWith('in') ? `${word}g` : undefined;

/**
 * A German word as it is written without the "n" of its ending, as Hessian, Palatine and
 * Swabian typing drops it: "zahle", "rechnunge", "eintrage" are zahlen, Rechnungen, eintragen.
 */
const withEndingN = (word: string): string | undefined => (word.length >= 5 && word.endsWith('e') ? `${word}n` : undefined);

/**
 * A German participle as it is written with the "ge" that Bavarian, Austrian and Swiss typing
 * shortens to "g": "glöscht", "gmacht", "gschickt", "gändert" are gelöscht, gemacht, geschickt,
 * geändert (folded, "gandert").
 */
const withSpokenPrefix = (word: string): string | undefined =>
  word.length >= 5 && /^g[bdfhklmnpsvwzaou]/.test(word) ? `ge${word.slice(1)}` : undefined;

/**
 * A German word as Berlin and Brandenburg typing writes its "g" as "j": "jeschickt",
 * "hochjeladen", "jrün" are geschickt, hochgeladen, grün.
 */
function withSpokenJ(word: string): string | undefined {
  if (word.length < 5) return undefined;
  if (/^j[elr]/.test(word)) return `g${word.slice(1)}`;
  const particle = [...SEPARABLE_PARTICLES].find((before) => word.startsWith(`${before}je`));
  return particle && `${particle}g${word.slice(particle.length + 1)}`;
}

/** Particles German verbs split off (folded): "auf" of aufstocken, "raus" of rausnehmen. */
export const SEPARABLE_PARTICLES: ReadonlySet<string> = new Set(
  (
    'ab an auf aus bei ein fest frei her hin hoch mit nach raus rein rauf runter ruber um vor weg zu zuruck dicht ' +
    'zusammen durch dran drauf heraus herein hinzu dazu herunter hinunter hinauf herauf hinein'
  ).split(' '),
);

/**
 * A separable verb's infinitive with "zu", as formal German writes it, without the "zu":
 * "anzulegen", "einzutragen", "hochzuladen" are anlegen, eintragen, hochladen.
 */
export function withoutInfinitiveZu(word: string): string | undefined {
  const split = /^([a-z]+?)zu([a-z]{2,}(?:en|ern|eln))$/.exec(word);
  return split && SEPARABLE_PARTICLES.has(split[1]!) ? `${split[1]}${split[2]}` : undefined;
}

/**
 * A German word as it is written where a closing "g" is spoken "ch" (Saxony, the Palatinate,
 * Berlin): "vertrach", "tach" are Vertrag, Tag.
 */
export const withSpokenG = (word: string): string | undefined =>
  word.length >= 4 && /[aeiouy]ch$/.test(word) ? `${word.slice(0, -2)}g` : undefined;

/**
 * A German word as Alemannic typing (Swabia, Vorarlberg, Switzerland) writes its endings: an
 * infinitive's "en" as "a" ("erfassa"), a noun's "ung" as "ig" ("Zahlig", "Rechnig") or, in
 * Swabia, "ug" ("Schlussrechnug"), and "ungen" as "ige" ("Wohnige").
 */
function withAlemannicEnding(word: string): string | undefined {
  if (word.length < 5) return undefined;
  if (/[^aeiouy]a$/.test(word)) return `${word.slice(0, -1)}en`;
  if (/[^aeiouy][iu]g$/.test(word)) return `${word.slice(0, -2)}ung`;
  if (/[^aeiouy]ige$/.test(word)) return `${word.slice(0, -3)}ungen`;
  return undefined;
}

/**
 * Whether a word ends as a verb's "du" form does, Alemannic "sch" for "st" too ("hängst",
 * "setzsch"); not "ist" or "hast", whose "st" follows a vowel.
 */
export const isDuForm = (word: string): boolean => /[^aeiouy](?:st|sch)$/.test(word);

/**
 * The "du" form as Alemannic typing ends it, "sch" for "st": "setzsch", "hängsch", "buechsch" are
 * setzt, hängst, buchst. After a vowel it is no verb's ending ("Tisch").
 */
const withAlemannicDu = (word: string): string | undefined =>
  word.length >= 6 && /[^aeiouy]sch$/.test(word) ? `${word.slice(0, -3)}st` : undefined;

/**
 * A verb's "du" form read as its infinitive: "buchst", "zeigst", "änderst", "wechselst" are
 * buchen, zeigen, ändern, wechseln. After a vowel it is no such form ("Rest", "Frist").
 */
function withDuEnding(word: string): string | undefined {
  if (word.length < 5 || !/[^aeiouy]st$/.test(word)) return undefined;
  const stem = word.slice(0, -2);
  return /e[lr]$/.test(stem) ? `${stem}n` : `${stem}en`;
}

/** A German infinitive as Valais typing writes it, its "en" as "u": "erfassu", "ufsetzu" are erfassen, aufsetzen. */
const withValaisEnding = (word: string): string | undefined =>
  word.length >= 6 && /[^aeiouy]u$/.test(word) ? `${word.slice(0, -1)}en` : undefined;

/** A German word as Swiss typing writes its "k" as "ch" before a vowel: "verchauft", "Chunde" are verkauft, Kunde. */
const withSwissK = (word: string): string | undefined => {
  const spoken = /^(ver|be|ge|g)?ch(?=[aeiouy])/.exec(word);
  return spoken && word.length >= 5 ? `${spoken[1] ?? ''}k${word.slice(spoken[0].length)}` : undefined;
};

/**
 * A German word as Franconian typing softens it: "p" before "r" or "l" as "b" ("Brojekt", "Blan"),
 * "t" after "k" as "d" ("Brojekde"). Two changes make "brojekde" Projekte.
 */
function withFranconianLenis(word: string): string | undefined {
  if (word.length < 5) return undefined;
  if (/^b[rl]/.test(word)) return `p${word.slice(1)}`;
  return /kde?$/.test(word) ? word.replace(/kd(e?)$/, 'kt$1') : undefined;
}

/** "-ern" as Bavarian and Franconian typing writes it, "-an": "verlängan", "ändan" are verlängern, ändern. */
const withBavarianErn = (word: string): string | undefined =>
  word.length >= 6 && /[^aeiouy]an$/.test(word) ? `${word.slice(0, -2)}ern` : undefined;

/** A German word as Alemannic typing writes its "st": "Lischte", "Rescht", "Koschte" are Liste, Rest, Kosten. */
const withAlemannicScht = (word: string): string | undefined =>
  word.length >= 5 && word.includes('scht') ? word.replaceAll('scht', 'st') : undefined;

/**
 * The "n" Swiss typing leaves out before "-schaft": "Liegeschaft", "Gnosseschaft" are
 * Liegenschaft, Genossenschaft.
 */
const withSwissSchaft = (word: string): string | undefined =>
  /[^n]eschaft/.test(word) ? word.replace(/eschaft/, 'enschaft') : undefined;

/**
 * Grammar words as dialect and chat typing write them, by the word the vocabulary's phrases use:
 * "wos muas i no zahln?" has "noch zahlen", "is scho freigebn" "schon freigegeben".
 */
const SPOKEN_GRAMMAR_WORDS: ReadonlyMap<string, string> = new Map([
  ...['no', 'nu'].map((word) => [word, 'noch'] as const),
  ...['net', 'ned', 'nit', 'nid', 'nich', 'nod', 'nud'].map((word) => [word, 'nicht'] as const),
  ...['scho', 'schoo'].map((word) => [word, 'schon'] as const),
  ...['wos', 'wat'].map((word) => [word, 'was'] as const),
  ...['hod', 'hot', 'het', 'hett', 'hatt'].map((word) => [word, 'hat'] as const),
  ...['muas', 'muass', 'mua'].map((word) => [word, 'muss'] as const),
  ...['is', 'isch'].map((word) => [word, 'ist'] as const),
  ['ois', 'alles'],
  ...['wea', 'wokeen'].map((word) => [word, 'wer'] as const),
  ['nix', 'nichts'],
  ['i', 'ich'],
  ['ham', 'haben'],
  ['vo', 'von'],
  // Kölsch and Low German "op": "leg dem sing Rechnung op Eis"
  ...['uff', 'uf', 'op'].map((word) => [word, 'auf'] as const),
  // Swiss, Tyrolean and Hessian "jemand": "Het öpper a de Verbruuchsdate umegfummlet?", "Hot ebber …"
  ...['opper', 'epper', 'ebber'].map((word) => [word, 'jemand'] as const),
]);

/**
 * Articles as dialect typing writes them, each for the articles it may stand for: "kann in de Tonne"
 * is "in die Tonne", "vo dr Firma" "von der Firma".
 */
const SPOKEN_ARTICLES: ReadonlyMap<string, readonly string[]> = new Map([
  ['de', ['die', 'der', 'den', 'dem']],
  ['d', ['die', 'der', 'das']],
  ['dr', ['der']],
  ['em', ['dem']],
]);

/** Whether German dialect typing writes this word for a grammar word: "vo de Firma" is "von der Firma". */
export const isSpokenGrammarWord = (word: string): boolean => SPOKEN_GRAMMAR_WORDS.has(word);

/** The grammar word a dialect spelling stands for ("ned" is "nicht", "scho" "schon"); any other word as it is. */
export const grammarWordOf = (word: string): string => SPOKEN_GRAMMAR_WORDS.get(word) ?? word;

/**
 * Verb particles as Alemannic typing writes them: "aalege", "uflischte", "iitrage", "ibuacha",
 * "ystelle", "usesueche", "drahänke" are anlegen, auflisten, eintragen, einbuchen, einstellen,
 * raussuchen, dranhängen.
 */
const ALEMANNIC_PARTICLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^aa(?=[^aeiouy])/, 'an'],
  [/^uf(?=[^aeiouy])/, 'auf'],
  // not before an "n": "Inhalt", "invoice" are no "ein…"
  [/^(?:ii?|y)(?=[^aeiouyn])/, 'ein'],
  [/^us(?=[^aeiouy])/, 'aus'],
  // "use" is "heraus": "usesueche", "useneh"
  [/^use(?=[^aeiouy])/, 'raus'],
  [/^dra(?=[^aeiouyn])/, 'dran'],
];

const withAlemannicParticle = (word: string): string | undefined => {
  if (word.length < 6) return undefined;
  const [particle, standard] = ALEMANNIC_PARTICLES.find(([written]) => written.test(word)) ?? [];
  return particle && word.replace(particle, standard!);
};

/**
 * "hängen" as Swiss typing writes it with a particle, its "ng" as "nk": "aahänke", "drahänke",
 * "umhänke" are anhängen, dranhängen, umhängen; a bare "Hanke" is a name as often.
 */
const withSwissHank = (word: string): string | undefined => (/.hank/.test(word) ? word.replace('hank', 'hang') : undefined);

/** A German word as Swiss typing writes an "e" as "ä" (folded "a"): "Rächnig", "fählt" are Rechnung, fehlt. */
const withSwissA = (word: string): string[] =>
  word.length < 5 ? [] : [...word.matchAll(/a/g)].map(({ index }) => `${word.slice(0, index)}e${word.slice(index + 1)}`);

/** A German participle as Swiss typing writes it, an "e" before its "t": "gänderet", "gspeicheret" are geändert, gespeichert. */
const withSwissParticiple = (word: string): string | undefined =>
  word.length >= 6 && /[^aeiouy]e[lr]et$/.test(word) ? `${word.slice(0, -2)}t` : undefined;

/** A German word as Bavarian, Austrian and Alemannic typing writes its "u" as "ua" or "ue": "buacha", "sueche". */
const withSpokenU = (word: string): string | undefined =>
  word.length >= 5 && /[^aeiouy]u[ae][^aeiouy]/.test(word) ? word.replace(/([^aeiouy])u[ae](?=[^aeiouy])/, '$1u') : undefined;

/** A German word as Bavarian and Austrian typing writes its "ahl" as "oi": "zoit", "zoin" are zahlt, zahlen. */
const withBavarianOi = (word: string): string | undefined =>
  word.length >= 4 && /oi(?![aeiouy])/.test(word) ? word.replace(/oi(?![aeiouy])/, 'ahl') : undefined;

/**
 * A German word as Low German typing writes its "au" as "uu" and the "ch" after it as "k":
 * "Huus", "verbruukt" are Haus, verbraucht.
 */
const withLowGermanUu = (word: string): string | undefined =>
  word.length >= 4 && word.includes('uu') ? word.replace('uuk', 'auch').replace('uu', 'au') : undefined;

/** A German word as Alemannic typing writes its "ei" as "ii": "Iis", "Schriinerei", "Priis" are Eis, Schreinerei, Preis. */
const withAlemannicIi = (word: string): string | undefined =>
  word.length >= 3 && /(?:^|[^aeiouy])ii(?=[^aeiouy]|$)/.test(word) ? word.replace(/ii/, 'ei') : undefined;

/**
 * A German word as Rhenish typing (Cologne, Aachen) writes it: "nd" as "nn" ("ännere", "jeännert"
 * are ändern, geändert) and "über" as "över" ("överwiese" is überwiesen).
 */
const withRhenishSounds = (word: string): string | undefined => {
  if (word.length < 6) return undefined;
  if (word.startsWith('over')) return `uber${word.slice(4)}`;
  return /[aeiouy]nner/.test(word) ? word.replace(/([aeiouy])nner/, '$1nder') : undefined;
};

const SPOKEN_SPELLINGS: ReadonlyArray<(word: string) => string | undefined> = [
  withEndingE,
  withEndingN,
  withSpokenPrefix,
  withSpokenJ,
  withSpokenG,
  withAlemannicEnding,
  withAlemannicDu,
  withDuEnding,
  withValaisEnding,
  withAlemannicParticle,
  withSpokenU,
  withSwissParticiple,
  withSwissK,
  withAlemannicScht,
  withSwissSchaft,
  withFranconianLenis,
  withBavarianErn,
  withBavarianOi,
  withLowGermanUu,
  withAlemannicIi,
  withSwissHank,
  withRhenishSounds,
];

/** Dialect typing changes a word in up to three places: "ibuacha" is einbuchen. */
const MOST_SPOKEN_CHANGES = 3;

/** How dialect typing may have written a German word, spelt as the vocabulary writes it. */
export const spokenSpellingsOf: (word: string) => readonly string[] = rememberedByWord(spellingsOfWord);

function spellingsOfWord(word: string): readonly string[] {
  const grammarWord = SPOKEN_GRAMMAR_WORDS.get(word);
  if (grammarWord) return [grammarWord];
  const articles = SPOKEN_ARTICLES.get(word);
  if (articles) return [...articles];
  const forms = new Set<string>();
  // A Swiss "ä" is read in the word as typed only: on a changed word it made verbs of "wann" ("wenen").
  let changed = [word, ...withSwissA(word)];
  changed.forEach((form) => forms.add(form));
  for (let changes = 0; changes < MOST_SPOKEN_CHANGES && changed.length; changes++) {
    changed = changed
      .flatMap((form) => SPOKEN_SPELLINGS.flatMap((spelling) => spelling(form) ?? []))
      .filter((form) => !forms.has(form));
    changed.forEach((form) => forms.add(form));
  }
  forms.delete(word);
  return [...forms];
}

/** The word with umlauts typed as two letters written as the folded letter: "gebaeude" -> "gebaude". */
export const withTypedUmlauts = (word: string): string => word.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');

function inflectionsOf(word: string, offer: (form: string) => void): void {
  for (const [ending, replacement] of ENDINGS) {
    if (!word.endsWith(ending)) continue;
    const form = word.slice(0, -ending.length) + replacement;
    offer(form);
    if (DOUBLING.has(ending) && !replacement && /([^aeiou])\1$/.test(form)) offer(form.slice(0, -1));
  }
}

/**
 * The word and what it may be an inflection of: the word itself first, then the least shortened,
 * then the infinitive of a verb form. A participle with an adjective's ending describes a thing
 * ("die berichtigte Faktura"), so it finds no infinitive.
 */
export const baseForms: (word: string) => readonly string[] = rememberedByWord(formsOfWord);

function formsOfWord(word: string): readonly string[] {
  const forms = new Set<string>();
  const offer = (form: string) => {
    if (form.length >= SHORTEST_STEM && form !== word) forms.add(form);
  };
  for (const spelling of new Set([word, withTypedUmlauts(word)])) {
    offer(spelling);
    inflectionsOf(spelling, offer);
  }
  // Abbreviations take a plural "s" too: VOs, COs, POs.
  if (word.length === SHORTEST_STEM && word.endsWith('s')) forms.add(word.slice(0, -1));
  const inflections = [...forms].sort((a, b) => b.length - a.length);
  const infinitives = [word, withTypedUmlauts(word)].flatMap(infinitivesOf).filter((form) => form !== word && !forms.has(form));
  return [word, ...inflections, ...new Set(infinitives)];
}
