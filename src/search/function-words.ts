/** Words that carry grammar rather than meaning, in English and German (folded). */

/** Words that say nothing about which tool is meant. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a an the of for to and or in on at with by from into as per vs my our we us i me you it its their this that',
    'these those there is are was were be been has have had do does did can could would should will please what',
    'who how when where why yet still so far but not no all which any some each every up out about between',
    'before after since than get want need let like them they his her eur euro euros',
    'der die das des den dem ein eine einen einem einer eines und oder zum zur im am an auf aus bei mit von vom',
    'fur uber unter nach vor bis je pro als aber nicht kein keine ist sind war wird werden wurde wurden haben',
    'hat hatte wir ich uns unser unsere mein meine sie er es was wer wie wo wann noch schon bitte mal zu zwischen',
    'seit dieser diese dieses diesem diesen alle aller allen welche welcher welches sich man da dann so',
  ]
    .join(' ')
    .split(' '),
);

/** Words that start what qualifies the thing asked for: "invoices of a contract", "Nachträge zum Vertrag". */
export const PREPOSITIONS: ReadonlySet<string> = new Set(
  'of for on in at with from by per to across between des der eines einer zum zur im am an auf bei mit von vom fur je pro uber zwischen'.split(
    ' ',
  ),
);

/** Words a yes-or-no question starts with: "did we pay it in full?" asks to read, not to pay. */
export const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  'did do does is are was were has have had ist sind war waren wurde wurden hat haben hatten gibt'.split(' '),
);
