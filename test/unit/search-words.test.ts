/** The pieces search_tools reads a request with: word forms, compounds, and a vocabulary of the API's own words. */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../tools/index.js';
import { ENGLISH, ENGLISH_CONDITIONAL_ACTIONS } from '../../tools/vocabulary/english.js';
import { GERMAN, GERMAN_CONDITIONAL_ACTIONS } from '../../tools/vocabulary/german.js';
import { SEARCH_KEYWORDS } from '../../tools/vocabulary/keywords.js';
import { PRODUCT_WORDS, type Vocabulary } from '../../tools/vocabulary/vocabulary.js';
import { compoundParts } from '../../src/search/compounds.js';
import { isGerman } from '../../src/search/language.js';
import { lexicon } from '../../src/search/lexicon.js';
import { preferenceFor } from '../../src/search/preference.js';
import { stepsIn, understand } from '../../src/search/request.js';
import { requestWordsOf, wordsOf, WRITTEN_WORD } from '../../src/search/text.js';
import { baseForms, spokenSpellingsOf } from '../../src/search/word-forms.js';
import { singular } from '../../src/shape/words.js';

const toolWords = new Set(
  catalog.flatMap((tool) =>
    wordsOf(
      `${tool.name.replace(/_/g, ' ')} ${tool.title} ${tool.toolset.replace(/_/g, ' ')} ${tool.product} ${tool.description}`,
    ).map(singular),
  ),
);

describe('word forms', () => {
  const terms = (request: string) => understand(request, lexicon(), () => false).meanings.flatMap((meaning) => meaning.terms);

  it.each([
    ['suppliers', 'supplier'],
    ['booked', 'book'],
    ['logged', 'log'],
    ['companies', 'company'],
    ['offenen', 'offen'],
    ['nachtrage', 'nachtrag'],
    ['rechnungen', 'rechnung'],
  ])('finds %s as a form of %s', (word, base) => {
    expect(baseForms(word)).toContain(base);
  });

  it('keeps a stem after undoing a doubled consonant', () => {
    expect(baseForms('adds')).not.toContain('ad');
  });

  it('reads a German ending typed without its "e", as Bavarian and Austrian typing drops it', () => {
    expect(terms('die rechnung vom maler hochladn')).toContain('upload');
    expect(terms('was is bei pirker no offn')).toContain('open');
    expect(terms('die zahlungen vom maler anschaun')).toContain('list');
  });

  it('reads an English -ing form typed without its "g": "what\'s still hangin on …", "owin"', () => {
    expect(terms("what's still hangin on Idaho Conduit")).toContain('exposure');
    expect(terms("what's still hanging on Idaho Conduit")).toContain('exposure');
    expect(terms('wot we still owin the drylinin lot')).toContain('outstanding');
  });

  it('reads "mach … dicht" as the separable verb dichtmachen: closing', () => {
    expect(terms('mach de vergabeeinheit trockenbau in gaimersheim bitte dicht')).toContain('finalized');
  });

  it('reads a German noun, capitalised inside its clause, as no imperative: "Birsig-Park" is no "park!"', () => {
    expect(terms('die Rechnung für die Liegenschaft Birsig-Park suchen')).not.toContain('tag');
    expect(terms('Park die Rechnung 12 bis Montag')).toContain('tag');
  });

  it('reads a German "Tag" after a word of time as a day: "Verbrauchsdaten vom 28.11., ganzer Tag"', () => {
    expect(terms('Zeig mir die Verbrauchsdaten vom 28.11., ganzer Tag')).not.toContain('tag');
    expect(terms('Zählerstände vom gestrigen Tag')).not.toContain('tag');
    expect(terms('den Tag Reklamation auf die Rechnung 12 setzen')).toContain('tag');
  });

  it('reads a German participle whose "ge" is typed as "g", as Bavarian, Austrian and Swiss typing does', () => {
    expect(terms('wer hat den zähler glöscht')).toContain('deleted');
    expect(terms('wer hod den zählerstand gändert')).toContain('audit');
    // with the apostrophe that stands for the "e": one word, counted alike wherever a request's words are counted
    expect(terms("kannst ma sagen, wer de Mieterdaten g'ändert hat?")).toContain('audit');
    expect(wordsOf("wer hat des g’löscht, G'schicht")).toEqual(['wer', 'hat', 'des', 'gloscht', 'gschicht']);
    expect(requestWordsOf("wer hat des g'löscht").map(({ word }) => word)).toEqual(['wer', 'hat', 'des', 'gloscht']);
  });

  it('reads a Swiss participle with an "e" before its "t", and "het" as "hat": "wer het … gänderet"', () => {
    expect(terms('Wer het am Zischtig d Mieterdate gänderet?')).toContain('audit');
    expect(spokenSpellingsOf('gspeicheret')).toContain('gespeichert');
  });

  it('reads a Swiss "ch" for "k" and the Alemannic plural "ige" for "ungen": "Wohnige … verchauft"', () => {
    expect(terms('Weli Wohnige im Projekt Sonnmatt sind scho verchauft?')).toContain('sold');
    expect(spokenSpellingsOf('zahlige')).toContain('zahlungen');
    expect(spokenSpellingsOf('chunde')).toContain('kunde');
  });

  it('reads a separable verb\'s infinitive with "zu" without it: "anzulegen", "hochzuladen"', () => {
    expect(terms('bitte die Firma anzulegen')).toContain('create');
    expect(terms('ich bitte, die Rechnung hochzuladen')).toContain('upload');
  });

  it('reads a closing "ch" as the "g" it is spoken for in Saxony and the Palatinate: "vertrach"', () => {
    expect(terms('is dor vertrach mit gerüstbau fischer schon abgeschlossn')).toContain('contract');
  });

  it('reads the endings Alemannic typing writes: "erfassa", "Zahlig"', () => {
    expect(terms('d zahlig vom 3. märz')).toContain('payment');
    // a payment on account is a payment: "Akontozahlung" is no "part" alone
    expect(terms("Isch d'Akontozahlig scho verbuecht?")).toEqual(expect.arrayContaining(['partial', 'payment']));
    expect(terms('Ist die Anzahlung schon da?')).toContain('payment');
    // a compound as dialect typing writes it is one too
    expect(terms('isch d schlussrechnig vom maurer scho do?')).toEqual(expect.arrayContaining(['final', 'invoice']));
    // Swabian "ug": without the rule the request found no tool at all
    expect(terms('d schlussrechnug vom kächele isch am 2.5. komme')).toEqual(expect.arrayContaining(['final', 'invoice']));
  });

  it('reads who did a write as the audit trail, not the write: "wer … korrigiert hat", "wer hot … rausgelöscht"', () => {
    const asked = terms('Bitte um Auskunft, wer am 11. März die Zahlung zur Rechnung 2024-0117 korrigiert hat.');
    expect(asked).toContain('audit');
    expect(asked).not.toContain('update');
    expect(terms('wer hot den mieter am montag rausgelöscht?')).not.toContain('delete');
    // who may do it is no audit question
    expect(terms('Wer kann den Vertrag mit der Spenglerei Url anlegen?')).toContain('create');
  });

  it('reads Low German "uu" for "au" and the "k" after it for "ch", and "hett", "wokeen" for "hat", "wer"', () => {
    expect(spokenSpellingsOf('verbruukt')).toContain('verbraucht');
    expect(terms('Wo veel Fernwarms hett de Grundschool Weiche 2023 verbruukt?')).toContain('consumption');
    expect(terms('Wokeen hett den Zähler GZ-2231 ümdööpt?')).toContain('audit');
  });

  it('reads a participle without its "ge" as paid, not as "die Zahlen", and a Bavarian "oi" for "ahl": "scho zoit"', () => {
    expect(terms('isch die Rechnig scho zahlt?')).toContain('paid');
    expect(terms('is de Rechnung 2311 scho zoit?')).toContain('paid');
    expect(terms('is de Rechnung 2311 scho zoit?')).not.toContain('financials');
    expect(spokenSpellingsOf('zoin')).toContain('zahlen');
    expect(terms('de neue zähler bitte erfassa')).toContain('create');
  });

  it('reads an ending typed without its "n", as Hessian, Palatine and Swabian typing drops it: "zahle"', () => {
    expect(terms('welche rechnunge muss ich noch zahle?')).toContain('payables');
  });

  it('reads a "g" typed as "j", as Berlin and Brandenburg typing writes it: "jelöscht"', () => {
    expect(terms('wer hat den zähler jelöscht')).toContain('deleted');
  });

  it('reads Alemannic particles and vowels, several changes in one word: "ibuacha" is einbuchen', () => {
    expect(terms('d Rechnig bitte ibuacha')).toContain('register');
    expect(terms('d Schlussrechnig bitte ystelle')).toContain('submit');
    expect(stepsIn('d Massnahme Kasernestrasse sueche und drunder en neue Vertrag aalege', lexicon(), () => false)).toHaveLength(
      2,
    );
    // "i" for "ein" only before a consonant other than "n": "Inhalt" and "invoice" stay as they are.
    expect(spokenSpellingsOf('itrage')).toContain('eintragen');
    expect(spokenSpellingsOf('inhalt').filter((form) => form.startsWith('ein'))).toEqual([]);
    // "ii" for "ei", "uf"/"uff" for "auf": "uf Iis legen"
    expect(spokenSpellingsOf('schriinerei')).toContain('schreinerei');
    expect(terms('Den Vertrag bitte uf Iis legen')).toEqual(expect.arrayContaining(['update', 'contract']));
    // "use" for "heraus": "usesueche" looks up, and the step after it acts
    expect(spokenSpellingsOf('usesueche')).toContain('raussuchen');
    expect(stepsIn('de Herr Ammann i de Kontäkt usesueche und sini Handynummer iitrage', lexicon(), () => false)).toHaveLength(2);
    // "nk" for the "ng" of "hängen": "a d'Rächnig aahänke" attaches
    expect(spokenSpellingsOf('aahanke')).toContain('anhangen');
    expect(terms("Chönd Sie die a d'Rächnig aahänke?")).toContain('document');
    // a "du" form is read as its verb, the Alemannic "sch" for "st" too; "Rest" is no such form
    expect(spokenSpellingsOf('buchst')).toContain('buchen');
    expect(spokenSpellingsOf('anderst')).toContain('andern');
    expect(spokenSpellingsOf('setzsch')).toContain('setzen');
    expect(spokenSpellingsOf('rest')).toEqual([]);
    // "dra" for "dran": "drahänke" is dranhängen
    expect(spokenSpellingsOf('drahanke')).toContain('dranhangen');
    // Valais "u" for an infinitive's "en": "als nüi Liegeschaft erfassu"
    expect(terms('Bitte als nüi Liegeschaft erfassu')).toContain('create');
  });

  it('reads Yorkshire\'s "t\'" as "the": "stick it in t\' system"', () => {
    expect(terms("got a pdf invoice off Pennine Roofing, stick it in t' system")).toContain('create');
    expect([..."in t' system".matchAll(WRITTEN_WORD)].flatMap(([word]) => wordsOf(word))).toEqual(['in', 'the', 'system']);
    // not the "t" of "don't"
    expect([..."we don't pay".matchAll(WRITTEN_WORD)].flatMap(([word]) => wordsOf(word))).toEqual(['we', 'don', 't', 'pay']);
  });

  it('reads Swiss "öpper" as "jemand" and Kölsch "op" as "auf"', () => {
    expect(terms('Het öpper a de Verbruuchsdate umegfummlet?')).toContain('audit');
    expect(terms('leg dem sing letzte Rechnung op Eis')).toContain('tag');
    expect(terms('Hot ebber geschtern de Gaszähler umbenannt?')).toContain('audit');
  });

  it('reads Berlin\'s "Zähla" as a meter, Franconian "Brojekde" and "-an" for "-ern"', () => {
    expect(terms('is der neue Zähla in der Klosterstr 30 schon anjelegt?')).toContain('meter');
    // without its umlaut it is the Alemannic "zahla", "zahlen"
    expect(terms('dr Rescht zahla')).not.toContain('meter');
    expect(spokenSpellingsOf('brojekde')).toContain('projekte');
    expect(spokenSpellingsOf('verlangan')).toContain('verlangern');
  });

  it('reads the Alemannic "scht" for "st" and the Swiss "Liegeschaft"', () => {
    expect(spokenSpellingsOf('lischte')).toContain('liste');
    expect(spokenSpellingsOf('koschte')).toContain('kosten');
    expect(spokenSpellingsOf('liegeschafte')).toContain('liegenschaften');
    expect(terms('Gib mer d Lischte vo de Liegeschafte z Liestal')).toEqual(expect.arrayContaining(['list', 'property']));
  });

  it('reads Rhenish typing: "wä" is "wer", "nn" is "nd" ("jeännert"), "över" is "über"', () => {
    expect(terms('wä hätt hück dä baustromzähler jeännert?')).toContain('audit');
    expect(spokenSpellingsOf('geannert')).toContain('geandert');
    expect(terms('wat ham mer em mäi alles överwiese?')).toContain('payments');
    // Berlin's "wa" is "wir", no question who: "wat ham wa alles überwiesen"
    expect(terms('wat ham wa im juni alles überwiesen')).not.toContain('audit');
  });

  it('reads the sign stuck on an invoice as its tag: "des Schildle „Mängl“", "des Pickerl"', () => {
    expect(terms('kannsch mr bei dr Rechnug des Schildle „Mängl“ draufpappa?')).toContain('tag');
    // Austrian: a sticker, "picken" stuck on
    expect(terms('Bitte bei der Rechnung 12 des Pickerl „Skonto“ draufpicken')).toEqual(
      expect.arrayContaining(['tag', 'assign']),
    );
  });

  it('reads a street\'s name as an address only: "Kavalierstr" has no "Aval", "Gartenweg" nothing to remove', () => {
    expect(terms('liegenschaft kavalierstr 22')).not.toContain('retention');
    expect(terms('liegenschaft kavalierstr 22')).toContain('address');
    expect(terms('Zähler im Gartenweg 5 bitte anlegen')).not.toContain('delete');
  });

  it('reads a Swiss "ä" for "e", and "vo" as "von", not a variation order: "d Rächnig vo de Gubler AG"', () => {
    const swiss = terms('d Rächnig vo de Gubler AG');
    expect(swiss).toContain('invoice');
    expect(swiss).not.toContain('change');
    expect(terms('VO 12 on the Hampton job')).toContain('change');
  });

  it('reads the grammar words of a phrase as dialect typing writes them: "no zahln" is "noch zahlen"', () => {
    expect(terms('wos muas i heit no zahln?')).toContain('payables');
    expect(terms('wos muas i heit zahln?')).not.toContain('payables');
    // a dialect article stands for the articles it may mean: "in de Tonne" is "in die Tonne"
    expect(terms('Der olle Energieausweis kann in de Tonne.')).toContain('delete');
    expect(terms('Wea hod den Zähler umbenannt?')).toContain('audit');
  });
});

describe('German compounds', () => {
  const known = (word: string) => lexicon().germanWords.has(word);

  it.each([
    ['stromverbrauch', ['strom', 'verbrauch']],
    ['zahlungsbedingungen', ['zahlung', 'bedingung']],
    ['bauherrengesellschaften', ['bauherr', 'gesellschaft']],
    ['rechnungsbuch', ['rechnung', 'buch']],
    ['teilzahlung', ['teil', 'zahlung']],
    // a closing "g" of the first part spoken "ch", as Palatine typing writes it
    ['abschlachszahlung', ['abschlag', 'zahlung']],
  ])('splits %s', (word, parts) => {
    expect(compoundParts(word, known)).toEqual(parts);
  });

  it('leaves a word alone when too little of it is known', () => {
    expect(compoundParts('hunsruckmitte', known)).toBeUndefined();
  });

  it('takes a part of three letters only as written, not from an inflected piece: "Schuster" is no "USt"', () => {
    expect(compoundParts('schuster', known)).toBeUndefined();
    expect(compoundParts('bauprojekt', known)).toEqual(['bau', 'projekt']);
  });
});

describe('the vocabulary', () => {
  const conditionalActions: Vocabulary[] = [ENGLISH_CONDITIONAL_ACTIONS, GERMAN_CONDITIONAL_ACTIONS].flatMap((actions) =>
    Object.values(actions),
  );

  it("maps only onto words the tools' texts use", () => {
    const apiWords = [
      ...[ENGLISH, GERMAN, ...conditionalActions].flatMap((vocabulary) => Object.keys(vocabulary)),
      ...Object.values(PRODUCT_WORDS).flat(),
    ].flatMap((words) => words.split(' '));
    expect(apiWords.filter((word) => !toolWords.has(singular(word)))).toEqual([]);
  });

  it('lists single words only as words that ask for an action in some requests', () => {
    const everyday = conditionalActions.flatMap((vocabulary) => Object.values(vocabulary).flat());
    expect(everyday.filter((text) => wordsOf(text).length !== 1)).toEqual([]);
  });

  it('gives keywords only to tools that exist', () => {
    const names = new Set(catalog.map((tool) => tool.name));
    expect(Object.keys(SEARCH_KEYWORDS).filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('the language of a request', () => {
  const isToolWord = (word: string) => toolWords.has(singular(word));

  it.each(['Nachträge zum Vertrag', 'Nachunternehmerliste', 'Kostengruppen', 'Obligo', 'wos muas i no freigebn?'])(
    'reads "%s" as German',
    (request) => {
      expect(isGerman(wordsOf(request), lexicon(), isToolWord)).toBe(true);
    },
  );

  it.each(['tax rate', 'service charges', 'overdue invoices on Hunsrück Mitte', 'our total exposure to Müller Bau'])(
    'reads "%s" as English',
    (request) => {
      expect(isGerman(wordsOf(request), lexicon(), isToolWord)).toBe(false);
    },
  );
});

describe('words that ask for an action in some requests only', () => {
  const termsOf = (request: string) =>
    understand(request, lexicon(), (word) => toolWords.has(singular(word))).meanings.flatMap(({ terms }) => terms);

  it('reads a verb in the verb place only: last in German, first in English', () => {
    expect(termsOf('Rechnung zahlen')).toContain('register');
    expect(termsOf('Zahlen des Projekts')).not.toContain('register');
    expect(termsOf('label invoices with a tag')).toContain('assign');
    // a phrasal verb first takes the verb's place: "tag" names a tag
    expect(termsOf("look up the tag called 'Lien waiver missing'")).not.toContain('assign');
    expect(termsOf('invoices with a label')).not.toContain('assign');
    // after an article a noun stands
    expect(termsOf('is there a tag for retainage already')).toContain('tag');
    expect(termsOf('is there a tag for retainage already')).not.toContain('assign');
  });

  it('reads a closing verb, not a capitalised noun: "… nachtragen", not "Rechnungen mit Nachträgen"', () => {
    expect(termsOf('als bezahlt auf den Vertrag Sanitär nachtragen')).toContain('create');
    // typed without the infinitive's "e", as Bavarian and Austrian typing drops it
    expect(termsOf('ghört zum Vertrag Spenglerarbeiten, bitte nachtragn')).toContain('create');
    expect(termsOf('Rechnungen mit Nachträgen')).toContain('change');
    expect(termsOf('Nachtrag freigegeben')).toEqual(['change', 'order', 'approved', 'state']);
  });

  it('reads a German imperative first as the verb: "vergib den Auftrag"', () => {
    expect(termsOf('vergib den Auftrag an Schmidt Bau')).toContain('assign');
    expect(termsOf('Vergabe der Aufträge an Schmidt Bau')).not.toContain('assign');
  });

  it('corrects a misspelt German imperative by its infinitive: "korriegier"', () => {
    expect(termsOf('korriegier die Rechnung vom Maler')).toContain('update');
  });

  it('reads a participle after a German auxiliary as a state', () => {
    expect(termsOf('Wie viel vom Budget ist schon vergeben?')).not.toContain('assign');
  });

  it('reads "bin" before a participle as "been": "as dudley scaffold bin paid yet"', () => {
    expect(termsOf('bin the duplicate invoice from Dudley Scaffold')).toContain('delete');
    expect(termsOf('as dudley scaffold bin paid for october yet')).not.toContain('delete');
    expect(termsOf("find the invoice an if it's bin approved pay the lot")).not.toContain('delete');
  });

  it('reads the verb after "würden Sie" as asked for: "würden" is no past "wurden"', () => {
    expect(termsOf('Würden Sie den Vertrag bitte umstellen?')).toContain('update');
    expect(termsOf('Wurden die Verträge schon umgestellt?')).not.toContain('update');
  });

  it('creates with "new" unless the request reads', () => {
    expect(termsOf('new subcontractor with IBAN')).toContain('create');
    expect(termsOf('show new invoices')).not.toContain('create');
  });

  it('changes a record with a new detail: "new IBAN", "neue Adresse"', () => {
    expect(termsOf('new bank details for Schmidt Bau')).toContain('update');
    expect(termsOf('neue IBAN für Schmidt')).not.toContain('create');
    expect(termsOf('neue Adresse vom Gerüstbauer')).toContain('update');
  });

  it('reads a new file as the file an action takes, not as a record to create: "das neue PDF dranhängen"', () => {
    expect(termsOf('bitte nur das neue PDF dranhängen')).not.toContain('create');
    expect(termsOf('attach the new PDF to invoice 2026-118')).not.toContain('create');
    expect(termsOf('neue Rechnung von Schmidt Bau erfassen')).toContain('create');
  });

  it('updates "existing" things and imports "several" only alongside another action', () => {
    expect(termsOf('add IBAN to an existing subcontractor')).toContain('update');
    expect(termsOf('list existing contracts')).not.toContain('update');
    expect(termsOf('upload readings of several meters')).toContain('import');
    expect(termsOf('several contracts of the project')).not.toContain('import');
  });

  it('weighs what follows "to" fully after "need": "I need to pay" is no qualifier', () => {
    const { meanings } = understand('I need to pay invoice 2026-118', lexicon(), () => false);
    expect(meanings.every(({ weight }) => weight === 1)).toBe(true);
  });
});

describe('words of a company name', () => {
  const termsOf = (request: string) =>
    understand(request, lexicon(), (word) => toolWords.has(singular(word))).meanings.flatMap(({ terms }) => terms);

  it('mean a contractor as whole words only, never as parts of a compound', () => {
    expect(termsOf('Rechnungen von Schmidt Bau')).toContain('contractor');
    expect(termsOf('Malerei Vogt')).toContain('contractor');
    expect(termsOf('Bauzeit des Bauprojekts')).not.toContain('contractor');
    expect(termsOf('Malereiarbeiten im Bauprojekt')).not.toContain('contractor');
  });

  it('mean a contractor by a legal form inside an English name: "Mackay Scaffolds Ltd", "Hills Electrical Pty Ltd"', () => {
    expect(termsOf('check if Mackay Scaffolds Ltd is in there')).toContain('contractor');
    expect(termsOf('check if Mackay Scaffolds is in there')).not.toContain('contractor');
  });

  it('means a contractor by a name alone right after "bei": "was ist bei Schmidt noch offen?"', () => {
    expect(termsOf('was ist bei Schmidt noch offen?')).toContain('contractor');
    expect(termsOf('was hängt bei der Frey AG noch?')).toContain('contractor');
    expect(termsOf('was ist beim Projekt Hunsrück noch offen?')).not.toContain('contractor');
    expect(termsOf('was ist beim Wohnpark Andritz noch offen?')).not.toContain('contractor');
  });

  it('reads no misspelling into a name inside an English sentence: "12 Hanover Square" is no handover', () => {
    expect(termsOf('who set the renewable flag on the 12 Hanover Square electricity')).not.toContain('completed');
    expect(termsOf('the retension on the roofing contract')).toContain('retention');
  });

  it('reads the name before a legal form only as written: "Gipser Hauser AG" is no Häuser, "Parkstadt Asset GmbH" is CAPEX\'s', () => {
    expect(termsOf('Ist der Werkvertrag der Gipser Hauser AG abgelegt?')).not.toContain('building');
    expect(termsOf('Ist der Werkvertrag der Gipser Hauser abgelegt?')).toContain('building');
    expect(termsOf('was hat die Parkstadt Asset GmbH beauftragt?')).toContain('asset');
  });

  it('reads the name right after a place\'s noun only as written: "im Projekt Reininghaus" is no building', () => {
    expect(termsOf('Haftrücklass im Projekt Reininghaus')).not.toContain('building');
    expect(termsOf('Haftrücklass im Reininghaus')).toContain('building');
  });

  it('means a contractor by a trade in a name, where the request names nothing else: "look up Brennan Scaffolding"', () => {
    expect(termsOf('look up Brennan Scaffolding')).toContain('contractor');
    expect(termsOf('Look up Construction Boréal')).toContain('contractor');
    expect(termsOf('Elektro Huber suchen')).toContain('contractor');
    expect(termsOf('invoice from Brennan Scaffolding')).not.toContain('contractor');
    expect(termsOf('look up the scaffolding package on Hunsrück')).not.toContain('contractor');
    expect(termsOf('Gewerk Elektro suchen')).not.toContain('contractor');
  });
});

describe('phrasal verbs', () => {
  const termsOf = (request: string) =>
    understand(request, lexicon(), (word) => toolWords.has(singular(word))).meanings.flatMap(({ terms }) => terms);

  it('reads a phrasal verb around its object: "knock … off" is "knock 20k off"', () => {
    expect(termsOf('knock 20k off the contingency')).toContain('decrease');
    expect(termsOf('Clifton Skips turned up as a new contractor yesterday, who set them up?')).toContain('audit');
    expect(termsOf('please retire the "Q3 Review – Morningside" invoice tag')).toEqual(expect.arrayContaining(['delete', 'tag']));
    expect(termsOf('take the query tag off invoice 118')).toContain('unassign');
    expect(termsOf('die Spenglerarbeiten an die Spenglerei Oberwinkler vergeben')).toContain('contract');
    // a project paused has no status of its own: it is changed, as a paused contract is
    expect(termsOf('Kindly put the Chilenje Heights project on hold')).toEqual(expect.arrayContaining(['update', 'project']));
    expect(termsOf('Bitte das Projekt Kita Nord vorerst auf Eis legen')).toEqual(expect.arrayContaining(['update', 'project']));
  });

  it('reads a phrase with two gaps, its object\'s words on both sides of the noun: "put the … contract with … on hold"', () => {
    const paused = termsOf('Put the Palmerston Library fit-out contract with Berrimah Joinery on hold');
    expect(paused).toEqual(expect.arrayContaining(['update', 'contract']));
    expect(paused).not.toContain('tag');
    expect(termsOf('Bitte legen Sie den Vertrag mit der Rheinlift Aufzüge GmbH bis auf Weiteres auf Eis')).toEqual(
      expect.arrayContaining(['update', 'contract']),
    );
    // an invoice put on hold is still tagged so
    expect(termsOf('put the invoice from Berrimah Joinery on hold')).toContain('tag');
  });

  it('reads a phrase without a gap before one whose gap would hold it: "pull up … from" pulls up', () => {
    expect(termsOf('pull up the invoice from Ace Roofing')).toContain('list');
    expect(termsOf('pull up the invoice from Ace Roofing')).not.toContain('shift');
    expect(termsOf('pull 20k from contingency')).toContain('shift');
  });

  it('reads a German phrase whose closing infinitive has a "zu" before it: "den Vertrag auf Eis zu legen"', () => {
    const formal = termsOf('wir bitten darum, den Vertrag vorerst auf Eis zu legen');
    expect(formal).toEqual(expect.arrayContaining(['update', 'contract']));
    expect(formal).not.toContain('create');
    // a phrase that says "zu" itself keeps it: "noch zu zahlen" is what is owed
    expect(termsOf('welche Rechnungen sind noch zu zahlen')).toContain('payables');
  });
});

describe('verbs split, denied or describing', () => {
  const termsOf = (request: string) =>
    understand(request, lexicon(), (word) => toolWords.has(singular(word))).meanings.flatMap(({ terms }) => terms);

  it('joins a German separable verb around its object, within its clause', () => {
    expect(termsOf('stock das Budget Rohbau um 20k auf')).toContain('increase');
    expect(termsOf('nimm den Maler Kunz mal als Lieferanten auf, Hauptstr. 5')).toContain('create');
    expect(termsOf('stock den auftrag vom fliesenleger um 12.300 € auf, BV Dresden-Striesen')).toContain('increase');
    // Neither the comma of "1,2" nor the point of "Mio." ends the clause, nor a dash inside quotation marks.
    expect(termsOf('Stock bitte das Budget der VE Rohbau von 1,2 Mio. auf 1,35 Mio. € auf.')).toContain('increase');
    expect(termsOf('Benenn das Projekt „Hafenkante BA2“ bitte in „Hafenkante Bauabschnitt 2 – Wohnen“ um.')).toContain('update');
    expect(termsOf('benenn das Tag „prüfen bis freitag“ in „KW 12“ um')).toContain('update');
    // a German quote closed with a straight mark, as keyboards that curl only the opening one type it
    expect(termsOf('Bitte unter der Measure „HVAC Retrofit" einen neuen Contract mit Imtech aufsetzen')).toContain('create');
    expect(termsOf('Bitte lad mir die Regierapporte herunter, die beim Nachtrag 4 abgelegt sind')).toContain('download');
    const upload = termsOf('Finde das Projekt Hunsrück und lade danach die Rechnung von Schmidt Bau dort hoch');
    expect(upload).toContain('upload');
    expect(upload).not.toContain('forecast');
  });

  it('reads an opening German imperative with its "e" and irregular ones: "ändere", "nimm"', () => {
    expect(termsOf('ändere im CAPEX die Steuernummer von Lorenz')).toContain('update');
    expect(termsOf('Budget von einer VE in eine andere verschoben')).not.toContain('update');
  });

  it('takes back what a negation denies, to the end of its clause', () => {
    const attach = termsOf('die Urkunde gehört an die vorhandene Rechnung, nicht als neue Rechnung anlegen');
    expect(attach).toContain('upload');
    expect(attach).not.toContain('create');
    const denied = termsOf("attach it to that invoice as the revised one, don't create a new one");
    expect(denied).toContain('upload');
    expect(denied).not.toContain('create');
    expect(denied).not.toContain('new');
    expect(termsOf('invoices not yet paid')).toContain('outstanding');
    expect(termsOf('nicht bezahlt? dann zahl die RE 2026-118')).toContain('register');
  });

  it('reads a participle that describes a thing as a state, not an order', () => {
    expect(termsOf('die Rechnung ist schon überwiesen')).not.toContain('register');
    expect(termsOf('every payment booked in June across all jobs')).not.toContain('register');
    expect(termsOf('book the payment for June')).toContain('register');
    expect(termsOf('auf RE 2024-118 wurde eine Zahlung korrigiert – zeig mir alle Buchungen')).not.toContain('update');
    expect(termsOf('die Zahlung auf RE 2024-118 muss korrigiert werden')).toContain('update');
    expect(termsOf('die bereits korrigierte Zahlung auf RE 2024-118 zeigen')).not.toContain('update');
    expect(termsOf('die eben hochgeladene Rechnung steht noch auf NEU')).not.toContain('upload');
    expect(termsOf('die eben hochgeladene Rechnung steht noch auf NEU')).not.toContain('create');
    expect(termsOf('scrap the skip hire invoice I added as paid')).not.toContain('add');
  });

  it('reads the words a count opens as things, in a list too: "every budget increase, decrease and shift"', () => {
    expect(termsOf('every budget increase, decrease and shift since 1 January')).not.toContain('update');
    expect(termsOf('any increase on the roofing package')).not.toContain('update');
    expect(termsOf('increase the budget and shift 20k to roofing')).toContain('update');
  });

  it('weighs what a clause of circumstance names at half: "…, wenn wir bis Freitag zahlen"', () => {
    const weightOf = (request: string, term: string) =>
      understand(request, lexicon(), (word) => toolWords.has(singular(word))).meanings.find(({ terms }) => terms.includes(term))
        ?.weight;
    expect(weightOf('Wie viel Skonto können wir noch ziehen, wenn wir bis Freitag zahlen?', 'register')).toBe(0.5);
    expect(weightOf('Wie viel Skonto können wir noch ziehen, wenn wir bis Freitag zahlen?', 'discount')).toBe(1);
    expect(weightOf('Prüf bitte, ob die Rechnung freigegeben ist', 'approved')).toBe(1);
  });

  it('weighs words in quotation marks, a name or a value, lightly and never as actions', () => {
    const weightsOf = (request: string) =>
      understand(request, lexicon(), (word) => toolWords.has(singular(word))).meanings.map(({ terms, weight }) => [
        terms.join(' '),
        weight,
      ]);
    expect(weightsOf('finde den Tag "Skonto prüfen"')).toContainEqual(['discount terms', 0.1]);
    expect(termsOf("tag 'delete me' on Schmidt's invoice")).not.toContain('delete');
    expect(weightsOf("Schmidt's invoice, don't pay").every(([, weight]) => weight !== 0.1)).toBe(true);
  });

  it('finds the singular of an abbreviation: "VOs"', () => {
    expect(termsOf('all VOs on the M&E contract')).toContain('change');
  });
});

describe('what a request prefers', () => {
  it('counts an attachment made as a document uploaded: "beim Mieter als Dokument ablegen"', () => {
    const preference = preferenceFor({ terms: ['upload', 'document', 'tenant'], question: false }, () => true);
    const attachment = preference.weigh({ name: 'esg_create_tenant_attachment', product: 'esg' });
    expect(attachment).toBe(preference.weigh({ name: 'esg_upload_file', product: 'esg' }));
    expect(attachment).toBeGreaterThan(preference.weigh({ name: 'esg_upsert_tenant', product: 'esg' }));
  });

  it("keeps to one invoice's own tools when the request names it by number: 'wann wurde auf die RE 2024-233 was gezahlt?'", () => {
    const ask = { terms: ['date', 'invoice', 'paid'], question: true };
    const numbered = preferenceFor({ ...ask, numbered: true }, () => true);
    const period = { name: 'get_payments_in_period', product: 'fincon' } as const;
    const payments = { name: 'list_invoice_payments', product: 'fincon' } as const;
    expect(numbered.weigh(period)).toBeLessThan(numbered.weigh(payments));
    const unnumbered = preferenceFor(ask, () => true);
    expect(unnumbered.weigh(period)).toBe(unnumbered.weigh(payments));
  });
});
