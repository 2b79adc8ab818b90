import { and, eq, inArray } from 'drizzle-orm';
import type { Market } from '../../shared/markets.ts';
import { newDataKey, type Sealer, sealer } from '../crypto/sealed.ts';
import type { Db } from './client.ts';
import { borrowers, verificationEvents, verificationSteps } from './schema.ts';
import { DEMO_BORROWERS } from './seed-support.ts';

/** Who a seeded borrower is: the base step's fields and their identity number (PAN or NIK). */
export interface SeedPerson {
  fullName: string;
  birthDate: string;
  gender: 'male' | 'female';
  email: string;
  /** India: a person's PAN; Indonesia: a NIK agreeing with the birth date and gender. */
  idNumber: string;
  /** An emergency contact's phone of the market (not the borrower's own). */
  contactPhone: string;
}

/**
 * The demo borrowers' details (decision 064): made-up PANs (4th letter P) and NIKs whose date digits agree
 * with the birth date (+40 for women) and whose province codes are real; no real person's numbers.
 */
const DEMO_PEOPLE: Record<string, SeedPerson> = {
  '9876543210': person('Priya Sharma', '1994-03-15', 'female', 'ABCPS1234K', '9812345670'),
  '9876543211': person('Arjun Mehta', '1990-08-02', 'male', 'BXZPM5678L', '9812345671'),
  '9876543212': person('Kavya Nair', '1997-12-24', 'female', 'CKNPN9012Q', '9812345672'),
  '081234567890': person('Siti Rahmawati', '1995-07-12', 'female', '3171055207950001', '081298765430'),
  '081234567891': person('Budi Santoso', '1990-01-20', 'male', '3273012001900002', '081298765431'),
  '081234567892': person('Dewi Lestari', '1998-11-05', 'female', '3578034511980003', '081298765432'),
};

function person(
  fullName: string,
  birthDate: string,
  gender: 'male' | 'female',
  idNumber: string,
  contactPhone: string,
): SeedPerson {
  const email = `${fullName.toLowerCase().replace(/\s+/g, '.')}@example.com`;
  return { fullName, birthDate, gender, email, idNumber, contactPhone };
}

const last4 = (v: string) => `${'*'.repeat(v.length - 4)}${v.slice(-4)}`;

/**
 * Every required step done for `borrowerId`, as the borrower's own saves would leave them (the same data,
 * sealed and masked fields). Idempotent: steps already there are left as they are.
 */
export async function seedVerifiedSteps(
  db: Db,
  seal: Sealer,
  borrowerId: number,
  market: Market,
  p: SeedPerson,
): Promise<void> {
  const kind = market === 'IN' ? 'pan' : 'nik';
  const steps: Array<{
    step: string;
    data: Record<string, unknown>;
    sealed: string | null;
    masked: Record<string, string | string[]>;
  }> = [
    {
      step: 'base',
      data: { fullName: p.fullName, birthDate: p.birthDate, gender: p.gender, email: p.email },
      sealed: seal.seal('verification:base', JSON.stringify({ [kind]: p.idNumber })),
      masked: { [kind]: last4(p.idNumber) },
    },
    {
      // The identity check as the sandbox passes it (decision 067): no Aadhaar is ever kept, only four
      // made-up last digits (the PAN's) and a reference; no selfie image.
      step: 'identity',
      data: {
        method: market === 'IN' ? 'aadhaarOtp' : 'nikMatch',
        reference: `${market === 'IN' ? 'UIDAI' : 'DUKCAPIL'}-SEED-${borrowerId}`,
        ...(market === 'IN' ? { aadhaarLast4: p.idNumber.slice(5, 9) } : {}),
        verifiedName: market === 'IN' ? p.fullName.toUpperCase() : p.fullName,
        checks: {
          number: 'match',
          name: 'match',
          birthDate: 'match',
          ...(market === 'IN' ? { gender: 'match' } : {}),
          liveness: 'live',
          face: 'match',
        },
        selfieUpload: null,
      },
      sealed: null,
      masked:
        market === 'IN'
          ? { aadhaar: last4(`00000000${p.idNumber.slice(5, 9)}`) }
          : { nik: last4(p.idNumber) },
    },
    {
      step: 'personal',
      data:
        market === 'IN'
          ? {
              address: '12 MG Road, Indiranagar',
              city: 'KA-BENGALURU',
              cityName: 'Bengaluru',
              region: 'KA',
              regionName: 'Karnataka',
              education: 'bachelor',
              maritalStatus: 'single',
            }
          : {
              address: 'Jl. Sudirman No. 10',
              city: '31-KOTAJAKARTASELATAN',
              cityName: 'Kota Jakarta Selatan',
              region: '31',
              regionName: 'DKI Jakarta',
              education: 'bachelor',
              maritalStatus: 'single',
            },
      sealed: null,
      masked: {},
    },
    {
      step: 'job',
      data:
        market === 'IN'
          ? { employmentType: 'salaried', employer: 'Infosys', income: 4_500_000, incomePer: 'month' }
          : {
              employmentType: 'salaried',
              employer: 'PT Maju Jaya',
              income: 9_000_000_000,
              incomePer: 'year',
            },
      sealed: null,
      masked: {},
    },
    {
      step: 'extra',
      data: { purpose: 'personal', contacts: [{ name: 'Ravi Kumar', relation: 'sibling' }] },
      sealed: seal.seal('verification:extra', JSON.stringify({ phones: [p.contactPhone] })),
      masked: { contacts: [last4(p.contactPhone)] },
    },
  ];
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(verificationSteps)
      .values(steps.map((s) => ({ borrowerId, market, status: 'done', reason: null, ...s })))
      .onConflictDoNothing()
      .returning({ step: verificationSteps.step });
    if (inserted.length > 0)
      await tx.insert(verificationEvents).values(
        inserted.map((s) => ({
          borrowerId,
          step: s.step,
          status: 'done',
          actor: 'seed',
          detail: { version: 1 },
        })),
      );
  });
}

/** The demo borrowers that exist get their steps done, so they may apply as before issue 30. */
export async function seedDemoVerification(db: Db, seal: Sealer = sealer(newDataKey())): Promise<void> {
  for (const market of Object.keys(DEMO_BORROWERS) as Market[]) {
    const phones = DEMO_BORROWERS[market].map((b) => b.phone);
    const rows = await db
      .select({ id: borrowers.id, phone: borrowers.phone })
      .from(borrowers)
      .where(and(eq(borrowers.market, market), inArray(borrowers.phone, phones)));
    for (const row of rows) {
      const p = DEMO_PEOPLE[row.phone];
      if (p) await seedVerifiedSteps(db, seal, row.id, market, p);
    }
  }
}
