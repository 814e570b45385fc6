/** How search_tools reads the shape of a request: questions that ask to read, requests of several steps, misspelt words. */
import { describe, expect, it } from 'vitest';
import { phrasedAsRead, withoutSmallTalk } from '../../src/search/phrasing.js';
import { lexicon } from '../../src/search/lexicon.js';
import { stepsIn } from '../../src/search/request.js';
import { stepsOf } from '../../src/search/steps.js';
import { misspeltFor } from '../../src/search/typos.js';

describe('a request phrased to read', () => {
  it.each([
    'what is still waiting for approval?',
    'When is the project due to complete',
    'has the tax exemption certificate expired?',
    'show me the bank details of Schmidt Bau',
    'how much budget was moved to roofing',
    'wie viel ist schon bezahlt',
    'wie hoch ist der Haftrücklass beim Baumeister Huber?',
    'welche Rechnungen haben noch Skonto',
    'zeig mir die Nachträge',
    'wer hat den Zähler gelöscht',
    'Rechnung 2026-118 schon bezahlt?',
    'Can I still add a contract to the scaffolding package, or has it been finalised?',
    'Nachvollziehen bitte, welcher User am 3.2. die Zuordnung entfernt hat',
    'Please show which consumption interval rows were inserted into ESG yesterday',
    'bitte zeig mir die offenen Nachträge',
    'muss ich beim gerüstbauer noch ne rechnung hochladen oder is die schon drin? projekt pieschen',
    'Can you pull down the 2023 Energy Star statement from the ESG docs, or do I need to re-upload it?',
    'could you show me which documents were deleted in March',
    'I need the ESG audit log of deletes for the last 24 hours',
    'ich brauche die Liste der offenen Nachträge',
    'Brauch die Kreditorendaten inkl. IBAN von Aufzüge Schindler',
    'i mog wissn wer gestern den stromzählerstand eitragn hod',
    'I want to know who changed the meter',
    'muss ich beim fliesenleger noch was freigeben oder is alles durch',
    'hows the money looking on the depot job we over or under',
    'whens the roofing contract on the depot job sposed to finish',
    "who's signed off the roofing invoice",
    'Nachtrag NT 12 Erdarbeiten Schulcampus bitte zeigen, Status und geprüfter Betrag',
    'Change directives issued on the Harbour Landing build so far, list them please.',
    'regiestunden vom installateur sind als nachtrag kumma – zeig ma de unterlagn dazu',
    "Budget moves on Strandhill Road this year — the accountant's asking who signed off the extra",
    'Surface the tax number and remit-to address we have for Northcrest Roofing',
    'Bitte listen Sie alle Kreditoren mit Sitz in Sachsen-Anhalt auf.',
    'Requesting the interim certificates paid during March across all projects',
    'The invoice from Kallang is in. Could you show me its status?',
    'bei welchem Subunternehmer fehlt noch die Freistellungsbescheinigung',
    'For which invoices is the retention due this month',
    'Locate the retention invoice from Summit Steel',
    'Verify whether the Disputed tag is on invoice 4471',
    'wos is beim pirker no offn',
    'isch die Schlussrechnig vom Gipser scho zahlt',
    'Wat hat der Bauherr beim Projekt Gadderbaum zwischen den VEs hin- und hergeschoben',
    'ist da noch was zu zahlen',
    'Ist die Rechnung 12 noch zu bezahlen',
    'ist die Rechnung zu hoch?',
    'Mir ist zu Ohren gekommen, dass beim Vertrag V-BI-0412 Nachforderungen aufgelaufen sind. Können Sie mir die Summe aufstellen?',
    'Kannst du mir für die Überbauung Rheinfels die Kosten nach BKP zeigen?',
    'Kannst du checken, wer am Freitag die Stammdaten geändert hat?',
    'kannste mir ma zeigen, wie unsere DIN-276-Vorlage aufgebaut is',
    'Er hätt den Zähler umbenannt, sagt er. Bitte im Protokoll nachschaun.',
    'Zeigen Sie mir bitte die offenen Rechnungen?',
    'Please advise which records in the tenant table were modified on 30 September 2024.',
    'Would you please confirm whether the document BHM-EPC-0042 has been deleted and, if so, when',
    'could you confirm if the Disputed tag is on invoice 4471',
    'Können Sie bitte nachsehen, ob die Rechnung 12 schon bezahlt ist',
    'Schick mer mol die Rechnung R-3310 mit dem Gekritzel vom Bauleiter drauf',
    'send me the tagged invoices of Ace Roofing',
    'Bitte stellen Sie mir den Stand der Kaufpreisraten im Bauvorhaben Auefeld zusammen: geplante Raten und Zahlungen',
    'stell uns die Kosten der Fassade auf',
    'Please has the new prepaid meter for East Legon Office Park been created already?',
    'We have lost track of Lothian Lifts. Would you let me see every contract we hold with them?',
    'could you let me know whether invoice 4471 has been paid',
    'please let me have the list of open change orders',
    'Dear Kelvin, kindly let me have the interim payment applications received to date under the lift contract.',
    'Let us see the retention held on the Tuam Road job',
    'The invoice from Avon Groundworks on Temple Quay, can you tell me if it is paid?',
    'Chönd Sie mir d Rächnige vo de Elektro Bucher AG zeige?',
    'Chönd Sie mer säge, weli Dokumänt letscht Wuche neu dezue cho sind?',
    'S Vertrags-PDF fürs Treppehus Wiehre, kannsch mer des mol rüberschiebe?',
    'Kannst du mir den Final Account, also die Schlussrechnung von Schmitz, als PDF rausziehen?',
    'Kiek ma nach bei den offenen Rechnungen vom Dachdecker',
    'Wha renamed the Retention tag tae "Ret held" on Friday',
    'Lueg bitte d Rächnige vom Maler Gysin aa',
    'Die Firma Kemper hat sich gemeldet. Vor dem Rückruf: Bitte teilen Sie mir mit, wo bei ihr noch Beträge offen sind.',
    'Kaßberg Höfe Nachträge wo drückt der Schuh was ist noch nicht durch',
    'Wurden die Verträge vom Dachdecker schon umgestellt?',
    'Würden Sie bitte prüfen, ob Sanitär Hoffmann bereits als Kreditor angelegt ist?',
  ])('reads: %s', (request) => {
    expect(phrasedAsRead(request)).toBe(true);
  });

  it.each([
    'register a partial payment of 12,400 EUR on invoice 2026-118',
    'Sehr geehrte Damen und Herren, wie heute telefonisch besprochen, hat die Firma Kessler die Bank gewechselt.',
    'wie heute telefonisch besprochen, hat die Firma Kessler ihre Bank gewechselt. Bitte die neue IBAN eintragen.',
    'how do I add a supplier?',
    'can you book 5k against invoice 2026-118?',
    'Kannst du die Rechnung als strittig markieren?',
    'Können Sie die Zahlung buchen?',
    'Können Sie mir die Rechnung von Schmidt Bau buchen?',
    'could you add the invoice, which came in yesterday',
    'wie buche ich eine Abschlagszahlung',
    'Abschlagszahlung buchen',
    'please book 5k against invoice 2026-118',
    'please give Schmidt Bau the go-ahead',
    'schick die Rechnung 12 in die Freigabe',
    'Bitte stellen Sie die Rechnung 12 auf bezahlt',
    'please is it possible to delete invoice 12',
    'can you give Schmidt Bau the go-ahead?',
    'I need to pay Schmidt Bau 5k today',
    'we know what is wrong with invoice 12, fix the amount',
    'There is a fresh invoice from Forth Joinery in my inbox. Can you get it into the system?',
    'Die Elektro Frei AG hat die Bank gewechselt. Können Sie bitte die neue IBAN hinterlegen?',
    'ist deren Handelsregisternummer auf CHE-112.345.678 zu berichtigen.',
    'sind bitte 31.250,00 EUR als Teilzahlung zu verbuchen, Projekt Seepark',
    'Der Zähler heißt falsch. Bitte im Gebäude Lend umbenennen.',
    'could you please pay it if it has been approved',
    'would you kindly delete the duplicate invoice 4471',
    'We owe Lothian Lifts. Would you let the contract to them?',
    'let me book the payment on invoice 12',
    'Got a valuation invoice from Avon Groundworks for the Temple Quay project, can you get it into the system?',
    'De Subbi Becker hat sei Rechnung gschickt – kannschde die mol neu ahlehe?',
    'hab die rechnung fürs projekt hühnerberg abfotografiert, kannsch die einspielen?',
    'Chönd Sie die Rächnig vo de Elektro Bucher AG als neui Rächnig erfasse?',
    'Würden Sie den Vertrag VE 340-02 bitte von „Entwurf“ auf „beauftragt“ umstellen?',
    'Got the new MPAN through for Lemon Street. Change it on electric meter TRU-LEM-E01 will ee?',
    "Trevithick Café have upped sticks – unhook 'em from this year's electric, would you?",
    'Can ye set the 2023 leccy at Byker Wall Block B as renewable?',
    // an order to "Sie" with its "bitte" acts, question mark or not
    'Mached Sie mir bitte es neus Etikettli «Rückbehalt 5 %»?',
    'Buchen Sie bitte die Zahlung auf Rechnung 12?',
    // a letter's "please find attached" hands a file over; a need of something new asks to make it
    'Dear team, Please find attached invoice no. 2024-0412 from Munster Lift Services. Would you enter it?',
    'need a new tag settin up for invoices, call it snagging hold',
  ])('acts: %s', (request) => {
    expect(phrasedAsRead(request)).toBe(false);
  });
});

describe('the small talk a request opens with', () => {
  it.each([
    ['Guten Tag, bitte die Zahlung für Rechnung 12 buchen', 'bitte die Zahlung für Rechnung 12 buchen'],
    ['Good morning. Is invoice 12 paid?', 'Is invoice 12 paid?'],
    ['hi, quick one: is invoice 12 paid?', 'is invoice 12 paid?'],
    ['Tag Reklamation auf Rechnung 12 setzen', 'Tag Reklamation auf Rechnung 12 setzen'],
    ['Griaß di! Pick bitte an Pickerl auf die Rechnung 12', 'Pick bitte an Pickerl auf die Rechnung 12'],
    ['hiya! can u swap there banking info over?', 'can u swap there banking info over?'],
    ["Howay, can ye rename wor 'CE pending' tag?", "can ye rename wor 'CE pending' tag?"],
    ['hi again!! invoice from Pile O’ Bones, pdf attached', 'invoice from Pile O’ Bones, pdf attached'],
  ])('leaves it out: %s', (request, asked) => {
    expect(withoutSmallTalk(request)).toBe(asked);
  });
});

describe('the steps of a request', () => {
  const verbs = new Set([
    ...['find', 'post', 'check', 'enter', 'raussuchen', 'buchen', 'look', 'change', 'entering', 'korrigieren'],
    ...['add', 'bump', 'found', 'pulling', 'record', 'anlegen'],
  ]);
  const isVerb = (word: string) => verbs.has(word);
  const isLookup = (word: string) => ['find', 'check', 'raussuchen', 'look'].includes(word);
  /** The steps as search reads them, with the vocabulary's verbs. */
  const steps = (request: string) => stepsIn(request, lexicon(), () => false);

  it.each([
    ["find Schmidt's contracts and then post a payment", ["find Schmidt's contracts", 'post a payment']],
    [
      'first check which meters building B-12 has, then enter the readings',
      ['check which meters building B-12 has', 'enter the readings'],
    ],
    [
      'zuerst die Verträge von Schmidt raussuchen, danach eine Zahlung buchen',
      ['die Verträge von Schmidt raussuchen', 'eine Zahlung buchen'],
    ],
    ['die Rechnung raussuchen und 5.000 buchen', ['die Rechnung raussuchen', '5.000 buchen']],
    ['find the invoice and post 5k against it', ['find the invoice', 'post 5k against it']],
    [
      "check what's still owed on invoice 88 before you record the payment",
      ["check what's still owed on invoice 88", 'you record the payment'],
    ],
    ['Zahlungen zu RE 2026-097? die letzte bitte korrigieren', ['Zahlungen zu RE 2026-097', 'die letzte bitte korrigieren']],
    // A "dann" inside the clause an "und" opened starts the step at that "und".
    ['die Bankdaten raussuchen und änder dann die IBAN', ['die Bankdaten raussuchen', 'änder dann die IBAN']],
    // What is to happen "before" another step comes first.
    ['check Schmidt is on the system before entering the invoice', ['check Schmidt is on the system', 'entering the invoice']],
    // A condition after "and" or a comma opens the step it governs, and says nothing about its tool.
    [
      "Go through the contracts on the Roofing package and, if they're all complete, mark the package finalised.",
      ['Go through the contracts on the Roofing package', 'mark the package finalised'],
    ],
    ['check the tags and if so change it', ['check the tags', 'change it']],
    ['find Brennan and if they are not on the system enter them', ['find Brennan', 'enter them']],
    ['die Firma raussuchen wenn nich 5.000 buchen', ['die Firma raussuchen', '5.000 buchen']],
    ['die Rechnung raussuchen, und falls sie freigegeben ist, 5.000 buchen', ['die Rechnung raussuchen', '5.000 buchen']],
    // A request that opens with "before …," says its later step first.
    ['Before you post the payment, check what is still open', ['check what is still open', 'you post the payment']],
    // … and one that opens with "once …," or "after …," its first step first.
    ['Once you have found the contract, bump it to 96k', ['you have found the contract', 'bump it to 96k']],
    ['After pulling up the meters, record the reading', ['pulling up the meters', 'record the reading']],
    // "Once" opens a condition as "if" does; so does "if" after a dash or a full stop.
    ['find the vendor and once you have them, change the address', ['find the vendor', 'change the address']],
    [
      'check whether Brennan is on the system. If they are missing, add them',
      ['check whether Brennan is on the system', 'add them'],
    ],
    ['die Firma raussuchen – wenn sie fehlt, anlegen', ['die Firma raussuchen', 'anlegen']],
    // "should" and "sollte" open a condition as "if" does
    ['find the invoice. Should nobody have approved it yet, post 5k', ['find the invoice', 'post 5k']],
    ['die Rechnung raussuchen, sollte sie freigegeben sein, 5.000 buchen', ['die Rechnung raussuchen', '5.000 buchen']],
    ['die Firma raussuchen, wenn ned anlegen', ['die Firma raussuchen', 'anlegen']],
    // The dialects' "nicht" as well; read as a condition, it took the step up to the next comma.
    [
      'guck ob die Fa. Bott drin is, wenn net leg se a: Frankfurter Str 12, Fulda',
      ['guck ob die Fa. Bott drin is', 'leg se a: Frankfurter Str 12, Fulda'],
    ],
    ['die Firma raussuchen, falls nid anlegen', ['die Firma raussuchen', 'anlegen']],
    ['die Verträge raussuchen und sodann 5.000 buchen', ['die Verträge raussuchen', '5.000 buchen']],
    ['zerscht die Firma raussuchen, dann 5.000 buchen', ['die Firma raussuchen', '5.000 buchen']],
    // Bernese "när" and "nachär" are "dann"
    ['zersch d Liegeschaft sueche, när es neus Projekt aalege', ['d Liegeschaft sueche', 'es neus Projekt aalege']],
    // A full stop ends a lookup's sentence, its verb first or last; a sentence without a verb stays with it.
    [
      'Look up MacLeod Joinery. They moved banks, change the IBAN.',
      ['Look up MacLeod Joinery', 'They moved banks, change the IBAN'],
    ],
    ['Die Rechnung raussuchen. Dann 5.000 buchen.', ['Die Rechnung raussuchen', '5.000 buchen']],
    ['D Massnahme raussuchen. Drunder en Vertrag anlegen.', ['D Massnahme raussuchen', 'Drunder en Vertrag anlegen']],
    // Arrows, short joins and more words for "then".
    ['find the contract -> add the invoice', ['find the contract', 'add the invoice']],
    ['find the contract n bump it to 96k', ['find the contract', 'bump it to 96k']],
    ['find the contract & bump it to 96k', ['find the contract', 'bump it to 96k']],
    ['find the contract and thereafter post 5k', ['find the contract', 'post 5k']],
    ['die Verträge raussuchen, nachher 5.000 buchen', ['die Verträge raussuchen', '5.000 buchen']],
    // An opening "if" that asks whether something is not there yet checks first; Swiss "sonst", "wenn nicht" and "zuerst".
    ["If Acme isn't on the system yet, add them", ["Acme isn't on the system yet", 'add them']],
    [
      'Sofern noch keine Vergabeeinheit Freianlagen existiert, legen Sie diese an',
      ['noch keine Vergabeeinheit Freianlagen existiert', 'legen Sie diese an'],
    ],
    ['zersch d Firma raussuche, süsch aalege', ['d Firma raussuche', 'aalege']],
    // Bernese "we nid" for "wenn nicht"
    ['d Firma raussuche, we nid aalege', ['d Firma raussuche', 'aalege']],
    ['d Firma raussuche. Wänn ned: bitte aalege', ['d Firma raussuche', 'bitte aalege']],
    // Swiss and Low German "denn" for "dann", after "und" or a "zuerst"; a condition after a semicolon.
    ['d Rechnig raussuche und denn de Rescht zahle', ['d Rechnig raussuche', 'de Rescht zahle']],
    ['zerscht d Firma raussuche, denn d IBAN ändere', ['d Firma raussuche', 'd IBAN ändere']],
    [
      'Bitte die Verträge raussuchen; sofern der mit Ziegler noch im Entwurf steht, auf beauftragt setzen',
      ['Bitte die Verträge raussuchen', 'auf beauftragt setzen'],
    ],
  ])('%s', (request, expected) => {
    expect(stepsOf(request, isVerb, isLookup, { english: false })).toEqual(expected);
  });

  it.each([
    'invoices and payments of Schmidt Bau',
    'ist die 3. Teilrechnung vom Fensterbauer schon bezahlt?',
    'register a partial payment of 12,400 EUR on invoice 2026-118',
    'find the invoices before June',
    'post the payment, if the invoice is approved',
    'After the payment on 3 May, what is left?',
    'add the before and after photos',
    'find invoice 12. It is from March.',
    'post 5k on invoice 12. Check it first.',
    'Sofern es keine Umstände macht, bitte das Datum der Rechnung 12 ändern',
    'If the invoice is approved, pay it',
    'Bitte zuerst die Rechnung 12 buchen, denn die ist fällig',
  ])('keeps a request of one step whole: %s', (request) => {
    expect(stepsOf(request, isVerb, isLookup, { english: false })).toEqual([request]);
  });

  it('keeps a sentence without a verb with the step it belongs to: "… schon drin? projekt pieschen"', () => {
    expect(steps('muss ich noch ne rechnung hochladen oder is die schon drin? projekt pieschen')).toHaveLength(1);
    expect(steps('Claim 11 from Bayside is already in; put their statement PDF on it.')).toHaveLength(1);
    expect(steps('Zahlungen zu RE 2026-097? die letzte bitte korrigieren')).toHaveLength(2);
  });

  it('opens a step with a verb of checking, which says nothing else: "prüf erst …, dann zahl …"', () => {
    const request = 'Prüf erst den Zahlungsstand der Schlussrechnung, und wenn noch was offen ist, zahl den Rest.';
    expect(steps(request)).toHaveLength(2);
  });

  it('opens the step after it with a lookup\'s verb that stands alone: "Check first, ob\'s …"', () => {
    expect(steps("Check first, ob's den Tag im Capex schon gibt – falls nicht, bitte anlegen")).toEqual([
      "Check first, ob's den Tag im Capex schon gibt",
      'bitte anlegen',
    ]);
  });

  it('reads English chat\'s "an" before a consonant as "and": "find the invoice an take the tag off"', () => {
    expect(steps('find the Don Valley Roofing invoice an take the tag off it')).toEqual([
      'find the Don Valley Roofing invoice',
      'take the tag off it',
    ]);
    // the article stays one: "an hour", "an MOT"; German's "an" is no "and"
    expect(steps('find the invoice from an MOT garage')).toHaveLength(1);
    expect(steps('den Regiebericht vom Montag als PDF an nachtrag N-14 hängen')).toHaveLength(1);
    // nor before "if", "it", "is" or "I": "an if they are, change them"
    expect(steps("find oot if Clyde's bank details are the auld wans, an if they are change them tae GB29 NWBK")).toEqual([
      "find oot if Clyde's bank details are the auld wans",
      'change them tae GB29 NWBK',
    ]);
    expect(steps('order an IT audit of the meters')).toHaveLength(1);
  });

  it('looks up once across "and" between two lookups, and starts no step with a closing "if not"', () => {
    expect(
      steps('look up Sue Pickering in contacts and see if weve got her mobile rite, its 07700 900 413 now, change it if not'),
    ).toEqual(['look up Sue Pickering in contacts and see if weve got her mobile rite, its 07700 900 413 now', 'change it']);
  });

  it('takes "once you\'ve found …," for the step that comes first, "found" as a lookup done', () => {
    expect(steps("Once you've found the Burnaby Heights project, set its gross floor area to 14,250 m².")).toEqual([
      "you've found the Burnaby Heights project",
      'set its gross floor area to 14,250 m²',
    ]);
  });

  it('splits at a comma after a lookup of what was named before it: "… contract — find it, set …"', () => {
    expect(steps('Hennepin Masonry contract on Uptown Lofts — find it, set status to completed.')).toEqual([
      'Hennepin Masonry contract on Uptown Lofts — find it',
      'set status to completed',
    ]);
  });

  it('splits at a comma after a lookup, where a verb opens or closes both clauses', () => {
    expect(steps("Find the Invermay property, fix the address — it's 14 Lindsay St, not 41.")).toEqual([
      'Find the Invermay property',
      "fix the address — it's 14 Lindsay St, not 41",
    ]);
    expect(steps('Den Vertrag mit Fliesen Pietsch raussuchen, die Verlängerung als PDF dranhängen')).toHaveLength(2);
    // a closing quotation mark may stand before the comma
    expect(steps("find vendor 'Great Lakes Glazing', update remit-to addr to PO Box 4410")).toHaveLength(2);
    // a lookup that asks which ends at the last comma when a verb closes the request
    expect(
      steps('guck ma welche Rechnungen von Müller, Meier und Schulz noch neu sind, bei der vom März die Nummer ändern'),
    ).toEqual(['guck ma welche Rechnungen von Müller, Meier und Schulz noch neu sind', 'bei der vom März die Nummer ändern']);
    expect(steps('zeig mir welche Rechnungen offen sind, sortiert nach Datum')).toHaveLength(1);
    // after another verb, or without a verb after the comma, the comma starts no step
    expect(steps('Pay invoice 12 from Ace, the one from March')).toHaveLength(1);
    expect(steps('show the invoices of Ace Roofing, oldest first')).toHaveLength(1);
  });

  it('counts a verb of the verb place only there: "… vergeben und Rechnungen" are things', () => {
    expect(steps('Verträge raussuchen mit allem Vergebenen und Rechnungen')).toHaveLength(1);
    expect(steps('die Verträge raussuchen, den Auftrag vergeben und die Rechnung ablegen')).toHaveLength(3);
    expect(steps('find the invoices and label them')).toHaveLength(2);
    expect(steps('find the invoices with a label and a tag')).toHaveLength(1);
    // an English condition after a comma runs to its verb, and a comma in an amount ends nothing
    const paying = steps('look up inv 44190 from Midtown Mechanical, if its approved go ahead and pay $12,500 of it');
    expect([paying[0], paying.at(-1)]).toEqual(['look up inv 44190 from Midtown Mechanical', 'pay $12,500 of it']);
    // "get" and "let" name no action but stand in a verb's place
    expect(steps('Track down the Mitie invoice we captured twice and get rid of the duplicate')).toHaveLength(2);
    expect(steps('find the Civic Centre project and let the HVAC package to Windy City Mechanical')).toHaveLength(2);
    expect(steps('get me the invoices of Ace')).toHaveLength(1);
    // "Zahlung leisten", "Tag setzen": a noun opens these phrases, no verb
    expect(steps('Rechnungen mit Zahlung und Tag zeigen')).toHaveLength(1);
  });

  it('ends a first step at a full stop after a sentence that says it comes first or asks to check', () => {
    expect(
      steps(
        'Ermitteln Sie bitte zunächst alle Zahlungen zur Rechnung AR-7719. Sofern eine doppelt gebucht wurde, berichtigen Sie diese.',
      ),
    ).toEqual(['Ermitteln Sie bitte zunächst alle Zahlungen zur Rechnung AR-7719', 'berichtigen Sie diese']);
    expect(
      steps('Bitte prüfen Sie, ob das Budgetpaket Aufzüge existiert. Sollte dies nicht der Fall sein, legen Sie es an.'),
    ).toHaveLength(2);
    // the next sentence may open with a quotation mark
    expect(steps('Bei der Rechnung 2024-233 erst nachsehen, welche Tags drauf sind. „Rückbehalt" soll weg.')).toHaveLength(2);
    // the point of an abbreviation ends no sentence
    expect(steps('Zunächst bitte prüfen, ob die Rechnung der Fa. Kurpfalz Trockenbau freigegeben ist')).toHaveLength(1);
  });

  it('reads a separable verb on either side of "und" as a verb: "Suchen Sie … heraus und …", "… und ordne … zu"', () => {
    expect(steps('Suchen Sie bitte das Projekt Alterszentrum heraus und verschieben Sie dort das Bauende')).toEqual([
      'Suchen Sie bitte das Projekt Alterszentrum heraus',
      'verschieben Sie dort das Bauende',
    ]);
    expect(steps('Such das Projekt Hafenspeicher raus und leg dort eine Vergabeeinheit Trockenbau an')).toHaveLength(2);
    expect(steps('Guck, welche Rechnungen noch auf NEW stehen, und ordne die von Lüders dem Vertrag W-22 zu')).toHaveLength(2);
    expect(
      steps('Zieh dir den Jahresverbrauch vom Hallenbad und ordne den Strom dem Pächter Bistro Wellenreiter zu'),
    ).toHaveLength(2);
    expect(steps('die Rechnungen vom Gerüstbau Auf und Ab zeigen')).toHaveLength(1);
  });

  it('reads a German "und" by the verb that ends its clause, to a full stop or after a comma', () => {
    expect(steps('Projekt Friedrichsort raussuchen un die BGF auf 3.250 m² setzen. Mehr nich.')).toEqual([
      'Projekt Friedrichsort raussuchen',
      'die BGF auf 3.250 m² setzen. Mehr nich',
    ]);
    expect(steps('Check mal alle Verträge von Bilfinger, und den alten Wartungsvertrag auf beendet setzen.')).toHaveLength(2);
    // a day's point ends no clause, nor does a decimal comma
    expect(steps('die Zahlungen zur Rechnung 0567 anschaun und die vom 2. April auf 9.870,00 ausbessern')).toHaveLength(2);
    // without a comma an "und" may join two names of one thing
    expect(steps('Rechnungen von Müller und Schmidt anzeigen')).toHaveLength(1);
    expect(steps('Zeig mir die Verträge, und zwar die offenen')).toHaveLength(1);
    // "und" before who asks the same question further
    expect(steps('Wann wurde der Emissionsfaktor umgestellt, und von wem?')).toHaveLength(1);
    expect(steps('wann is des pdf reingekommen und wer hats hochgladen?')).toHaveLength(1);
    // two statements of what happened ask for nothing yet: the request is the sentence after them
    expect(
      steps(
        'Die Rechnung 24-0319 ist geprüft und wurde heute angewiesen. Bitte verbuchen Sie die Zahlung mit Wertstellung 14.06.',
      ),
    ).toHaveLength(1);
    // after a comma, a clause that tells "du" what to do, the verb second ("hängst", Alemannic "hängsch")
    expect(steps('guck welche Nachträge noch offen sind, und an den NT-05 hängst du das Aufmaß dran')).toEqual([
      'guck welche Nachträge noch offen sind',
      'an den NT-05 hängst du das Aufmaß dran',
    ]);
    expect(steps('gugg mol welli verträg mer mit em fliesleger hän, un den fürs bad setzsch uf abgschlosse')).toHaveLength(2);
    // Bavarian "fois ned" is "falls nicht", a next step's opening
    expect(steps('schau amoi ob de rechnung 24-331 scho drin is – fois ned, lad des pdf hoch')).toEqual([
      'schau amoi ob de rechnung 24-331 scho drin is',
      'lad des pdf hoch',
    ]);
    // a Swiss "denn" after "und" and its verb: "und buech denn …"
    expect(steps('Lueg mal, weli Rächnige vom Gipser Estermann no offe sind, und buech denn e Zahlig')).toEqual([
      'Lueg mal, weli Rächnige vom Gipser Estermann no offe sind',
      'buech denn e Zahlig',
    ]);
  });
});

describe('a misspelt word', () => {
  const words = new Map([
    ['retention', 'deduction terms retention'],
    ['invoice', 'invoice'],
    ['andern', 'update'],
  ]);

  it.each([
    ['retension', 'retention'],
    ['invocie', 'invoice'],
    ['invoicee', 'invoice'],
  ])('%s stands for %s', (word, known) => {
    expect(misspeltFor(word, words)).toBe(known);
  });

  it('is not looked for in short words, which are too often other words', () => {
    expect(misspeltFor('andere', words)).toBeUndefined();
  });

  it('is nearest to two words only when they mean the same', () => {
    const twoInvoices = new Map([
      ['rechnung', 'invoice'],
      ['rechung', 'invoice'],
      ['rechnen', 'calculate'],
    ]);
    expect(twoInvoices.get(misspeltFor('rechnug', twoInvoices) ?? '')).toBe('invoice');
    expect(misspeltFor('rechnug', new Map([...twoInvoices, ['rechnuf', 'other']]))).toBeUndefined();
  });

  it('is one letter off at most: two letters off are mostly other words', () => {
    expect(misspeltFor('zahlungsstand', new Map([['zahlungsstau', 'owes']]))).toBeUndefined();
  });
});
