/** The verbs tool names start with, and the API's words a request may ask for each with. */

export const ACTIONS: Readonly<Record<string, readonly string[]>> = {
  create: ['create'],
  add: ['add', 'create'],
  upsert: ['create', 'update'],
  bulk: ['import', 'create'],
  update: ['update'],
  set: ['update'],
  delete: ['delete'],
  upload: ['upload', 'add'],
  download: ['download'],
  register: ['register', 'create'],
  assign: ['assign'],
  unassign: ['unassign'],
  // Submitting an invoice uploads its PDF and creates it: "upload this invoice", "enter the bill".
  submit: ['submit', 'upload', 'create'],
  list: ['list'],
  get: ['get'],
};

/** The actions that read. */
export const READING: ReadonlySet<string> = new Set(['list', 'get']);

const ASKABLE: ReadonlySet<string> = new Set(Object.values(ACTIONS).flat());

/** An API word that asks to read. */
export const asksToRead = (term: string): boolean => READING.has(term);

/** An API word that asks to do something other than read. */
export const asksToDo = (term: string): boolean => ASKABLE.has(term) && !READING.has(term);

/** An API word that asks for anything, to read or to act: what verbs mean. */
export const asksFor = (term: string): boolean => ASKABLE.has(term);

/** A word's meanings without the API's words that ask to do something: what it names stays. */
export const withoutActions = (meaning: readonly string[]): string[] =>
  meaning
    .map((api) =>
      api
        .split(' ')
        .filter((term) => !asksToDo(term))
        .join(' '),
    )
    .filter(Boolean);
