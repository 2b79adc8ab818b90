import { catalog } from './catalog.ts';
/** Loan order texts shared by every screen that shows an order card (status names per code, row titles). */
export const orders = catalog({
  en: {
    status: {
      '21': 'Under review',
      '151': 'Disbursing',
      '110': 'Rejected',
      '170': 'Disbursed',
      '174': 'Repayment due',
      '180': 'Overdue',
      '200': 'Settled',
      '3': 'Repaying',
      '4': 'Settled',
      '5': 'Overdue',
    },
    rows: {
      amount: 'Loan amount',
      term: 'Loan term',
      dueDate: 'Due date',
      orderNo: 'Order number',
    },
    termDays_one: '{{count}} day',
    termDays_other: '{{count}} days',
    refusals: {
      illegalTransition: 'This loan cannot do that in its current state. Reload to see where it is now.',
      reasonRequired: 'Please give a reason.',
      rejectReasonRequired: 'Please choose the reason for rejecting.',
      reasonTooLong: 'Please keep the reason to {{max}} characters or fewer.',
      referenceRequired: 'Please give the payout provider’s reference for this payment.',
      otherMarket: 'This order belongs to another market, which you do not work on.',
      // The payout is the amount of the order's key facts (decision 047).
      noQuote: 'This order has no key facts, so the amount to pay out is not known. It cannot be approved.',
    },
  },
  id: {
    status: {
      '21': 'Sedang ditinjau',
      '151': 'Sedang dicairkan',
      '110': 'Ditolak',
      '170': 'Sudah dicairkan',
      '174': 'Jatuh tempo',
      '180': 'Terlambat',
      '200': 'Lunas',
      '3': 'Sedang dibayar',
      '4': 'Lunas',
      '5': 'Terlambat',
    },
    rows: {
      amount: 'Jumlah pinjaman',
      term: 'Tenor',
      dueDate: 'Jatuh tempo',
      orderNo: 'Nomor pesanan',
    },
    termDays_other: '{{count}} hari',
    refusals: {
      illegalTransition:
        'Pinjaman ini tidak dapat diproses seperti itu pada statusnya sekarang. Muat ulang untuk melihat statusnya.',
      reasonRequired: 'Mohon isi alasannya.',
      rejectReasonRequired: 'Mohon pilih alasan penolakan.',
      reasonTooLong: 'Mohon tulis alasan paling banyak {{max}} karakter.',
      referenceRequired: 'Mohon isi nomor referensi pembayaran dari penyedia pencairan.',
      otherMarket: 'Pesanan ini milik pasar lain, yang bukan wilayah kerja Anda.',
      // Dana yang dicairkan sesuai ringkasan informasi pinjaman (keputusan 047).
      noQuote:
        'Pesanan ini tidak memiliki ringkasan informasi pinjaman, sehingga jumlah yang dicairkan tidak diketahui. Pesanan ini tidak dapat disetujui.',
    },
  },
});
