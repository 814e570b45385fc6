import type { EsgTables } from './esg/records.js';
import type { CapexTables } from './capex/records.js';
import type { FileStore } from './files/file-store.js';
import type { StorageHost } from './files/storage.js';
import type { FinconTables } from './fincon/records.js';

export interface Store {
  fincon: FinconTables;
  capex: CapexTables;
  esg: EsgTables;
  /** Time source for records created through the API. */
  now(): Date;
  /** Id source for records created through the API (deterministic per seed). */
  newId(): string;
  /** File content of this sandbox instance (uploads on disk, generated documents in memory). */
  files: FileStore;
  /** The storage host that serves temporary download links (`storage.link(file)`). */
  storage: StorageHost;
}
