import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { timesText } from '../../shared/domain/market-offer.ts';
import { weekdaysLater } from '../../shared/domain/time.ts';
import type { Market } from '../../shared/markets.ts';
import type { ObjectStorage } from '../adapters/storage.ts';
import type { Db } from './client.ts';
import { borrowers, complaintImages, complaints, problemTypes, qaItems, uploads } from './schema.ts';
import { DEMO_PRODUCTS, type DemoOrder, seedOrder, seedProducts } from './seed-loans.ts';

/** Demo data for loans, complaint types, the chatbot and a few complaints in each state. Idempotent. */

const DAY = 86_400_000;

/**
 * Demo borrowers per market. The first is the one every test and journey signs in as; the others exist
 * in demo mode so that two borrowers of one market can be tried against each other (each has their own
 * orders and complaints).
 */
export const DEMO_BORROWERS: Record<Market, ReadonlyArray<{ phone: string; name: string }>> = {
  IN: [
    { phone: '9876543210', name: 'Priya Sharma' },
    { phone: '9876543211', name: 'Arjun Mehta' },
    { phone: '9876543212', name: 'Kavya Nair' },
  ],
  ID: [
    { phone: '081234567890', name: 'Siti Rahmawati' },
    { phone: '081234567891', name: 'Budi Santoso' },
    { phone: '081234567892', name: 'Dewi Lestari' },
  ],
};

/**
 * Demo orders of a market's demo borrower number `nth` (0 = the first). Everyone has a due loan
 * (collection allowed), a settled one and an application under review; the first borrower also has one in
 * every other state (being paid out, rejected, just paid out and in its cooling-off, overdue), each on a
 * product of its own, to show every screen. That is more than the service lets one borrower hold now (two
 * at once, none while one is overdue: decision 046), so the first borrower may not borrow again. The
 * first borrower's numbers are the ones tests use.
 */
function demoOrders(market: Market, nth = 0): DemoOrder[] {
  const p = market === 'IN' ? 'IN' : 'ID';
  const no = (base: string, i: number) => (nth === 0 ? base : `${base.slice(0, -3)}${nth}0${i}`);
  const IN = market === 'IN';
  const orders: DemoOrder[] = [
    {
      orderNo: no(`${p}20261101001`, 1),
      product: 0,
      status: 174,
      amountMinor: IN ? 1_500_000 : 300_000_000,
      termDays: 91,
      createdDaysAgo: 0,
    },
    {
      orderNo: no(`${p}20260801002`, 2),
      product: 1,
      status: 200,
      amountMinor: IN ? 800_000 : 150_000_000,
      termDays: IN ? 91 : 120,
      createdDaysAgo: 150,
    },
    {
      orderNo: no(`${p}20261120003`, 3),
      product: 2,
      status: 21,
      amountMinor: IN ? 2_500_000 : 500_000_000,
      termDays: 180,
      createdDaysAgo: 1,
    },
  ];
  if (nth > 0) return orders;
  return [
    ...orders,
    {
      orderNo: `${p}20261118004`,
      product: 3,
      status: 151,
      amountMinor: IN ? 1_200_000 : 250_000_000,
      termDays: 91,
      createdDaysAgo: 2,
    },
    {
      orderNo: `${p}20261015005`,
      product: 0,
      status: 110,
      amountMinor: IN ? 4_000_000 : 400_000_000,
      termDays: IN ? 180 : 60,
      createdDaysAgo: 40,
    },
    {
      orderNo: `${p}20261117006`,
      product: 4,
      status: 170,
      amountMinor: IN ? 500_000 : 100_000_000,
      termDays: IN ? 91 : 30,
      createdDaysAgo: 1.5,
    },
    {
      orderNo: `${p}20260801007`,
      product: 1,
      status: 180,
      amountMinor: IN ? 1_000_000 : 200_000_000,
      termDays: 91,
      createdDaysAgo: 0,
    },
  ];
}

const TYPES: Array<{ value: number; parent?: number; en: string; id: string }> = [
  { value: 1, en: 'Collection', id: 'Penagihan' },
  { value: 2, en: 'Repayment not credited', id: 'Pembayaran belum masuk' },
  { value: 3, en: 'Loan disbursement', id: 'Pencairan pinjaman' },
  { value: 4, en: 'Fees and interest', id: 'Biaya dan bunga' },
  { value: 5, en: 'App problem', id: 'Masalah aplikasi' },
  { value: 6, en: 'Other', id: 'Lainnya' },
  { value: 11, parent: 1, en: 'Rude or threatening calls', id: 'Telepon kasar atau mengancam' },
  { value: 12, parent: 1, en: 'Calls to my contacts', id: 'Menghubungi kontak saya' },
  { value: 13, parent: 1, en: 'Calls at unreasonable hours', id: 'Telepon di jam tidak wajar' },
  { value: 14, parent: 1, en: 'Wrong amount demanded', id: 'Jumlah tagihan salah' },
];

interface QaSeed {
  en: string;
  id: string;
  action?: number;
  answer?: { en: string; id: string };
}
const CHAT: Array<{
  icon: string;
  en: string;
  id: string;
  aliasEn: string;
  aliasId: string;
  questions: QaSeed[];
}> = [
  {
    icon: 'loan',
    en: 'Loans',
    id: 'Pinjaman',
    aliasEn: 'Loans',
    aliasId: 'Pinjaman',
    questions: [
      {
        en: 'How long does approval take?',
        id: 'Berapa lama proses persetujuan?',
        answer: {
          // The offer's times, as everywhere else (decision 058).
          en: `Every application is decided within ${timesText('en').decision}. Once approved, the money reaches your bank account within ${timesText('en').payout}.`,
          id: `Setiap pengajuan diputuskan dalam ${timesText('id').decision}. Setelah disetujui, dana masuk ke rekening Anda dalam ${timesText('id').payout}.`,
        },
      },
      {
        en: 'Why was my loan application rejected?',
        id: 'Mengapa pengajuan pinjaman saya ditolak?',
        answer: {
          en: 'Applications are assessed on your income, repayment history and the information you gave. You can apply again after 30 days.',
          id: 'Pengajuan dinilai dari penghasilan, riwayat pembayaran, dan data yang Anda berikan. Anda dapat mengajukan kembali setelah 30 hari.',
        },
      },
      {
        en: 'How much can I borrow?',
        id: 'Berapa jumlah yang bisa saya pinjam?',
        answer: {
          en: 'Loan amounts depend on the product and your profile. The amounts you can choose are shown on each product in the app.',
          id: 'Jumlah pinjaman tergantung produk dan profil Anda. Jumlah yang dapat dipilih ditampilkan pada setiap produk di aplikasi.',
        },
      },
    ],
  },
  {
    icon: 'repayment',
    en: 'Repayment',
    id: 'Pembayaran',
    aliasEn: 'Repay',
    aliasId: 'Bayar',
    questions: [
      {
        en: 'How can I repay my loan?',
        id: 'Bagaimana cara membayar pinjaman saya?',
        answer: {
          en: 'Open the loan details and tap Repay. You can pay by bank transfer to your virtual account, UPI, or at a mini market where available.',
          id: 'Buka detail pinjaman lalu ketuk Bayar. Anda dapat membayar lewat transfer ke virtual account atau di minimarket seperti Alfamart dan Indomaret.',
        },
      },
      {
        en: 'I paid but my repayment is not showing',
        id: 'Saya sudah membayar tetapi pembayaran belum tercatat',
        answer: {
          en: 'Payments are usually credited within minutes, and at most within 2 hours. If it takes longer, contact us with your payment receipt.',
          id: 'Pembayaran biasanya tercatat dalam beberapa menit, paling lama 2 jam. Jika lebih lama, hubungi kami dengan bukti pembayaran Anda.',
        },
      },
      {
        en: 'Can I extend my repayment date?',
        id: 'Bisakah saya memperpanjang tanggal pembayaran?',
        answer: {
          en: 'When your loan allows it, an extension link appears on the loan details. You pay the extension fee and the due date moves.',
          id: 'Jika pinjaman Anda memungkinkan, tautan perpanjangan muncul di detail pinjaman. Anda membayar biaya perpanjangan dan tanggal jatuh tempo bergeser.',
        },
      },
    ],
  },
  {
    icon: 'account',
    en: 'Account',
    id: 'Akun',
    aliasEn: 'Account',
    aliasId: 'Akun',
    questions: [
      {
        en: 'How do I change my bank account?',
        id: 'Bagaimana cara mengganti rekening bank saya?',
        answer: {
          en: 'Go to My account, then Bank account, and add the new account in your own name. It is used for your next loan.',
          id: 'Buka Akun saya, lalu Rekening bank, dan tambahkan rekening baru atas nama Anda sendiri. Rekening ini dipakai untuk pinjaman berikutnya.',
        },
      },
      {
        en: 'How do I close my account?',
        id: 'Bagaimana cara menutup akun saya?',
        answer: {
          en: 'You can close your account when no loan is outstanding. Write to customer service and we will confirm within 3 days.',
          id: 'Anda dapat menutup akun jika tidak ada pinjaman yang belum lunas. Hubungi layanan pelanggan dan kami akan mengonfirmasi dalam 3 hari.',
        },
      },
    ],
  },
  {
    icon: 'other',
    en: 'Other',
    id: 'Lainnya',
    aliasEn: 'Other',
    aliasId: 'Lainnya',
    questions: [
      {
        en: 'Is my personal data safe?',
        id: 'Apakah data pribadi saya aman?',
        answer: {
          en: 'Your data is encrypted and used only to provide your loan. We never read your contacts, call logs or photos.',
          id: 'Data Anda dienkripsi dan hanya digunakan untuk memberikan pinjaman. Kami tidak pernah membaca kontak, riwayat panggilan, atau foto Anda.',
        },
      },
      { en: 'Talk to customer service', id: 'Bicara dengan layanan pelanggan', action: 4 },
    ],
  },
];

async function replyImage(storage: ObjectStorage, db: Db, market: Market): Promise<string> {
  const label = market === 'IN' ? 'Payment received: ₹15,000' : 'Pembayaran diterima: Rp 3.000.000';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="360"><rect width="600" height="360" fill="#e8f9f2"/><rect x="24" y="24" width="552" height="312" rx="16" fill="#fff" stroke="#0dcc86" stroke-width="4"/><text x="60" y="120" font-family="sans-serif" font-size="34" fill="#087a50">Kredito</text><text x="60" y="200" font-family="sans-serif" font-size="28" fill="#1b2b25">${label}</text></svg>`;
  const body = await sharp(Buffer.from(svg)).png().toBuffer();
  const id = randomBytes(16).toString('base64url');
  const storedName = `${randomBytes(18).toString('base64url')}.png`;
  await storage.put(storedName, body);
  await db.insert(uploads).values({
    id,
    ownerKind: 'staff',
    ownerId: 0,
    storedName,
    contentType: 'image/png',
    bytes: body.length,
    width: 600,
    height: 360,
  });
  return id;
}

export async function seedSupport(db: Db, storage: ObjectStorage | null, now = Date.now()): Promise<void> {
  for (const market of ['IN', 'ID'] as const) {
    const productIds = await seedProducts(db, market);
    await db
      .insert(problemTypes)
      .values(
        TYPES.map((t, i) => ({
          market,
          value: t.value,
          parentValue: t.parent ?? null,
          titleEn: t.en,
          titleId: t.id,
          sort: i,
        })),
      )
      .onConflictDoNothing();

    const productId = (index: number) => productIds.get(DEMO_PRODUCTS[market][index]!.code)!;
    const [anyCategory] = await db
      .select({ id: qaItems.id })
      .from(qaItems)
      .where(and(eq(qaItems.market, market), eq(qaItems.kind, 'category')))
      .limit(1);
    if (!anyCategory) {
      for (const [c, category] of CHAT.entries()) {
        const [cat] = await db
          .insert(qaItems)
          .values({
            market,
            parentId: 0,
            kind: 'category',
            titleEn: category.en,
            titleId: category.id,
            aliasEn: category.aliasEn,
            aliasId: category.aliasId,
            icon: category.icon,
            sort: c,
          })
          .returning({ id: qaItems.id });
        for (const [q, question] of category.questions.entries()) {
          const [row] = await db
            .insert(qaItems)
            .values({
              market,
              parentId: cat!.id,
              kind: 'question',
              titleEn: question.en,
              titleId: question.id,
              actionType: question.action ?? 0,
              sort: q,
            })
            .returning({ id: qaItems.id });
          if (question.answer) {
            await db.insert(qaItems).values({
              market,
              parentId: row!.id,
              kind: 'answer',
              titleEn: question.answer.en,
              titleId: question.answer.id,
            });
          }
        }
      }
    }

    const [first] = await db
      .select()
      .from(borrowers)
      .where(eq(borrowers.market, market))
      .orderBy(borrowers.id)
      .limit(1);
    if (!first) continue;
    await seedBorrower(db, storage, market, first.id, 0, productId, now);
    // The other demo borrowers exist only when seeded (demo mode): each gets their own orders and complaints.
    const others = DEMO_BORROWERS[market].slice(1).map((b) => b.phone);
    const more = await db
      .select({ id: borrowers.id, phone: borrowers.phone })
      .from(borrowers)
      .where(and(eq(borrowers.market, market), inArray(borrowers.phone, others)));
    for (const b of more) {
      await seedBorrower(db, storage, market, b.id, others.indexOf(b.phone) + 1, productId, now);
    }
  }
}

/** One demo borrower's orders and (once) complaints, one of them with a staff reply image. */
async function seedBorrower(
  db: Db,
  storage: ObjectStorage | null,
  market: Market,
  borrowerId: number,
  nth: number,
  productId: (index: number) => number,
  now: number,
): Promise<void> {
  for (const o of demoOrders(market, nth)) {
    await seedOrder(db, market, borrowerId, productId(o.product), o, now);
  }

  const [anyComplaint] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .limit(1);
  if (!anyComplaint) {
    const due = demoOrders(market, nth)[0]!.orderNo;
    const en = market === 'IN';
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    const base = { borrowerId: borrowerId, market, orderNo: due };
    await db.insert(complaints).values([
      {
        ...base,
        typeValue: 2,
        detail: en
          ? 'I paid ₹5,000 by UPI yesterday but the app still shows the full amount due.'
          : 'Saya sudah transfer kemarin lewat virtual account tetapi tagihan belum berkurang.',
        status: 'processing',
        createdAt: at(1),
        deadlineAt: weekdaysLater(at(1), 3, market),
      },
      {
        ...base,
        typeValue: 4,
        detail: en
          ? 'Why was a late fee added when I paid on the due date?'
          : 'Kenapa ada denda padahal saya bayar tepat di tanggal jatuh tempo?',
        status: 'processed',
        replyText: en
          ? 'We checked your payment: it arrived on the due date. The late fee has been removed and your balance is corrected.'
          : 'Kami sudah memeriksa pembayaran Anda: dana masuk pada tanggal jatuh tempo. Denda telah dihapus dan saldo Anda sudah diperbaiki.',
        repliedAt: at(2),
        ratingDue: true,
        createdAt: at(5),
        deadlineAt: weekdaysLater(at(5), 3, market),
      },
      {
        ...base,
        typeValue: 1,
        subTypeValue: 13,
        detail: en
          ? 'An agent called me at 10 pm about my loan.'
          : 'Petugas menelepon saya jam 10 malam soal pinjaman.',
        status: 'processed',
        replyText: en
          ? 'We are sorry. Calls are only allowed between 8 am and 7 pm; the agent has been warned.'
          : 'Mohon maaf. Penagihan hanya boleh antara pukul 08.00 dan 19.00; petugas tersebut sudah diberi peringatan.',
        repliedAt: at(8),
        ratingDue: false,
        score: 4,
        scoredAt: at(7),
        createdAt: at(10),
        deadlineAt: weekdaysLater(at(10), 3, market),
      },
    ]);
    if (storage) {
      const [rated] = await db
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.borrowerId, borrowerId), eq(complaints.typeValue, 4)));
      const imageId = await replyImage(storage, db, market);
      await db
        .insert(complaintImages)
        .values({ complaintId: rated!.id, uploadId: imageId, role: 'reply', position: 0 });
    }
  }
}
