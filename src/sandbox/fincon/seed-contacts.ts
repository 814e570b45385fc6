import { addDays, byCreation, digits, slug, timestamp } from '../core/seed-kit.js';
import { FIRST_NAMES, PLACES, STREETS, SURNAMES } from '../core/seed-catalog.js';
import type { Random } from '../random.js';
import type { FinconTables } from './records.js';
import { CONTACT_COMPANIES, CONTACT_ROLES } from './seed-catalog.js';

/** Contacts of the account: planners, authorities and other companies, and private buyers. */
const CONTACT_COUNT = 140;

export function seedContacts(tables: FinconTables, random: Random): void {
  const contacts = Array.from({ length: CONTACT_COUNT }, (_, i) => {
    const type = i % 3 === 2 ? 'PRIVATE' : 'COMMERCIAL';
    const nameIndex = random.int(0, FIRST_NAMES.length - 1);
    const firstName = FIRST_NAMES[nameIndex] as string;
    const lastName = random.pick(SURNAMES);
    const place = random.pick(PLACES);
    const role = random.pick(CONTACT_ROLES[type]);
    const company = `${lastName} ${random.pick(CONTACT_COMPANIES)}`;
    const domain = type === 'COMMERCIAL' ? `${slug(company)}.example` : 'mail.example';
    return {
      id: random.uuid(),
      type,
      // The first names alternate female, male.
      salutation: type === 'PRIVATE' && random.chance(0.1) ? 'FAMILY' : nameIndex % 2 === 0 ? 'FEMALE' : 'MALE',
      title: random.chance(0.15) ? random.pick(['DR', 'PROF', 'PROF_DR'] as const) : 'NO_TITLE',
      first_name: firstName,
      last_name: lastName,
      name: type === 'COMMERCIAL' ? company : `${firstName} ${lastName}`,
      description: role,
      address: `${random.pick(STREETS)} ${random.int(1, 140)}`,
      zip_code: place.zip,
      city: place.city,
      email: `${slug(firstName)}.${slug(lastName)}${i}@${domain}`,
      phone_number: `+49 ${place.phone} ${digits(random, 7)}`,
      date_created: timestamp(addDays('2023-01-16', random.int(0, 1_200)), random),
    } as const;
  });
  for (const contact of byCreation(contacts)) tables.contacts.insert(contact);
}
