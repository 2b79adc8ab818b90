import type { FeeName } from '../contract/constants.ts';
import { timesText } from '../domain/market-offer.ts';
import { catalog } from './catalog.ts';

// How long a decision and a payout take: the offer's times, written once (decision 058).
const EN = timesText('en');
const ID = timesText('id');

/**
 * What the server writes for the loan screens (issue 8): button texts, rows, key facts, status notices and
 * refusals. Screen copy (titles, labels the screen owns) is in the screens' own namespaces.
 */
export const loans = catalog({
  en: {
    button: {
      apply: 'Apply now',
      inReview: 'In review',
      active: 'Loan active',
      // Why a product cannot be applied for now (decision 046): said on the card, not only after a tap.
      repayFirst: 'Repay your overdue loan first',
      limitReached: 'Loan limit reached',
    },
    amountRangeDes: 'Loan amount',
    rateDesc: 'Interest {{rate}}',
    /** A label for each fee the product editor offers (contract FEE_NAMES); any other name shows as `other`. */
    fees: {
      processing: 'Processing fee',
      service: 'Service fee',
      insurance: 'Insurance',
      other: 'Fee',
    } satisfies Record<FeeName, string>,
    rows: {
      amount: 'Loan amount',
      disbursed: 'Amount you receive',
      interest: 'Interest',
      total: 'Total repayable',
      term: 'Loan term',
      appliedOn: 'Applied on',
      disbursedOn: 'Disbursed on',
      dueDate: 'Due date',
      orderNo: 'Order number',
      lateCharges: 'Late charges so far',
      amountDue: 'Amount due now',
      paid: 'Paid so far',
      // A closed loan's totals: nothing more will come, so not "so far" (issue 29).
      // Only a settled loan is closed with late charges booked: they were paid.
      lateChargesTotal: 'Late charges paid',
      paidTotal: 'Total paid',
      // Named as the installment plan names a period (issue 29: one name for one thing).
      overduePeriod_one: 'Period {{n}}: {{count}} day late',
      overduePeriod_other: 'Period {{n}}: {{count}} days late',
    },
    plan: {
      single: 'One repayment',
      // A period named as the plan, the receipts and the pay page name it (issue 29).
      installment: 'Period {{n}} of {{count}}',
      description: 'Principal {{principal}} + interest {{interest}}',
      descriptionWithFees: 'Principal {{principal}} + interest {{interest}} + fees {{fees}}',
      payTime: 'Due {{date}}',
      payTimeAfter_one: '{{count}} day after disbursement',
      payTimeAfter_other: '{{count}} days after disbursement',
    },
    keyFacts: {
      title: 'Key facts',
      principal: 'Loan amount',
      disbursed: 'Amount you receive',
      fee: '{{name}} ({{timing}})',
      upfront: 'taken from the amount',
      added: 'added to repayment',
      interest: 'Interest',
      total: 'Total repayable',
      // A nominal rate: the daily rate of the cash flows' IRR × 365 (pricing.ts aprBp), not compounded.
      apr: 'Annual percentage rate (APR, all costs; nominal: daily rate × 365)',
      dueDate: 'Due date',
      dueDates: 'Due dates',
      dueIfToday: '{{dates}} (if disbursed today)',
      coolingOff: 'Cooling-off period',
      coolingOffValue_one:
        '{{count}} day after disbursement: you may exit the loan by repaying the principal and the interest for the days used, with no penalty',
      coolingOffValue_other:
        '{{count}} days after disbursement: you may exit the loan by repaying the principal and the interest for the days used, with no penalty',
      lateCharges: 'If you pay late',
      lateFee: 'a one-off late fee of {{new}} ({{repeat}} for returning borrowers)',
      lateTier: '{{rate}} of the overdue amount from day {{from}}',
      lateValue: '{{parts}}; charged on the overdue amount only, never compounded',
      lateNone: 'No late charges',
      capped: 'All charges together never exceed the legal limit of {{cap}} of the loan amount',
      // Contingent charges besides late ones (decision 047).
      extension: 'Moving the due date (extension)',
      extensionValue_one:
        '{{fee}} ({{rate}} of the loan amount) moves the due date {{count}} day later; you may ask for it when a payment is due or overdue',
      extensionValue_other:
        '{{fee}} ({{rate}} of the loan amount) moves the due date {{count}} days later; you may ask for it when a payment is due or overdue',
      extensionNone: 'Not offered',
      caps: 'Legal limits on what the loan may cost',
      capsValue:
        'interest and fees at most {{perDay}} of the loan amount a day; late charges at most {{latePerDay}} of the loan amount a day late; an extension fee at most {{perDay}} for each day it buys; everything together (interest, fees, late charges and extension fees) at most {{total}} of the loan amount, {{totalAmount}}',
    },
    confirm: {
      note: `The money is sent to your bank account after approval, within ${EN.payout}.`,
      popTitle: 'Loan agreement',
      popContent: 'This is your first loan with us: please read the loan agreement before you confirm.',
    },
    contracts: {
      agreement: 'Loan agreement',
      privacy: 'Privacy policy',
    },
    notice: {
      '21': {
        title: 'Application under review',
        desc: `We will decide within ${EN.decision} and let you know.`,
      },
      '151': {
        title: 'Approved: money on its way',
        desc: `Your loan is approved and is being sent to your bank account. It arrives within ${EN.payout}.`,
      },
      '110': {
        title: 'Application not approved',
        desc: 'We could not approve this application this time. You are welcome to apply again later.',
      },
      '170': {
        title: 'Loan disbursed',
        desc: 'The money was sent to your account. Please repay by {{due}}.',
      },
      '174': {
        title: 'Repayment due',
        desc: 'Please repay {{amount}} by {{due}} to keep your record clean.',
      },
      '180': {
        title: 'Repayment overdue',
        desc_one:
          'Your repayment is {{count}} day late and late charges apply. Repay {{amount}} now to stop them.',
        desc_other:
          'Your repayment is {{count}} days late and late charges apply. Repay {{amount}} now to stop them.',
      },
      '200': { title: 'Loan settled', desc: 'Thank you! This loan is fully repaid.' },
      other: { title: 'Loan status', desc: 'The details of your loan are below.' },
    },
    /** My loans (issue 30): a card's overdue line. */
    myLoans: {
      overdue_one: '{{count}} day overdue',
      overdue_other: '{{count}} days overdue',
    },
    /** The home page's next step (decision 069). */
    home: {
      apply: 'Choose a loan',
      repay: 'Pay {{amount}} by {{date}}',
    },
    stand: {
      title: 'We could not sign you in there',
      description:
        'Your account could not be linked to that service. You can still borrow with one of these products.',
    },
    scoreThanks: 'Thank you for your rating!',
    refusals: {
      productNotFound: 'This product is not available.',
      productFull: 'Applications for this product are full today. Please apply again tomorrow.',
      liveLoan: 'You already have a loan with this product. Repay it first to borrow again.',
      pendingApplication: 'You already have an application for this product in progress.',
      agreementRequired: 'Please read and agree to the loan agreement first.',
      amountOutOfRange: 'The amount must be between {{min}} and {{max}}.',
      amountNotInSteps: 'The amount must be in steps of {{step}}.',
      termNotOffered: 'Please choose one of the offered terms: {{terms}} days.',
      overCap: 'This loan would cost more than the legal limit allows. Please choose another amount or term.',
      requestKeyReused: 'This confirmation was already used for a different loan. Please reload the page.',
      scoreRequired: 'Please choose a rating.',
      scoreNotDue: 'This loan has no rating to give.',
      contractNotFound: 'This document is not available.',
    },
    /** Refusals of a confirm that names a quote, and the borrowing limits (decision 046). */
    booking: {
      termsChanged:
        'The loan terms have changed since you saw them. Please review the new terms and confirm again.',
      quoteExpired: 'These loan terms have expired. Please review the current terms and confirm again.',
      quoteMismatch:
        'The loan you confirmed is not the one on screen. Please review the terms and confirm again.',
      overdueLoan: 'You have an overdue loan. Please repay it before taking a new loan.',
      loanLimit: 'You already have {{count}} loans or applications open. Repay one before taking a new loan.',
    },
  },
  id: {
    button: {
      apply: 'Ajukan sekarang',
      inReview: 'Sedang ditinjau',
      active: 'Pinjaman aktif',
      repayFirst: 'Lunasi dulu pinjaman yang terlambat',
      limitReached: 'Batas pinjaman tercapai',
    },
    amountRangeDes: 'Jumlah pinjaman',
    rateDesc: 'Bunga {{rate}}',
    fees: {
      processing: 'Biaya administrasi',
      service: 'Biaya layanan',
      insurance: 'Asuransi',
      other: 'Biaya',
    } satisfies Record<FeeName, string>,
    rows: {
      amount: 'Jumlah pinjaman',
      disbursed: 'Dana yang Anda terima',
      interest: 'Bunga',
      total: 'Total pengembalian',
      term: 'Tenor',
      appliedOn: 'Tanggal pengajuan',
      disbursedOn: 'Tanggal pencairan',
      dueDate: 'Jatuh tempo',
      orderNo: 'Nomor pesanan',
      lateCharges: 'Denda keterlambatan saat ini',
      lateChargesTotal: 'Denda keterlambatan yang dibayar',
      paidTotal: 'Total dibayar',
      amountDue: 'Jumlah yang harus dibayar',
      paid: 'Sudah dibayar',
      overduePeriod_one: 'Cicilan ke-{{n}}: terlambat {{count}} hari',
      overduePeriod_other: 'Cicilan ke-{{n}}: terlambat {{count}} hari',
    },
    plan: {
      single: 'Sekali bayar',
      installment: 'Cicilan ke-{{n}} dari {{count}}',
      description: 'Pokok {{principal}} + bunga {{interest}}',
      descriptionWithFees: 'Pokok {{principal}} + bunga {{interest}} + biaya {{fees}}',
      payTime: 'Jatuh tempo {{date}}',
      payTimeAfter_other: '{{count}} hari setelah pencairan',
    },
    keyFacts: {
      title: 'Ringkasan informasi pinjaman',
      principal: 'Jumlah pinjaman',
      disbursed: 'Dana yang Anda terima',
      fee: '{{name}} ({{timing}})',
      upfront: 'dipotong dari dana',
      added: 'ditambahkan ke pembayaran',
      interest: 'Bunga',
      total: 'Total pengembalian',
      apr: 'Suku bunga tahunan nominal (APR, seluruh biaya; tingkat harian × 365)',
      dueDate: 'Jatuh tempo',
      dueDates: 'Tanggal jatuh tempo',
      dueIfToday: '{{dates}} (jika dicairkan hari ini)',
      coolingOff: 'Masa pertimbangan',
      coolingOffValue_other:
        '{{count}} hari setelah pencairan: Anda boleh membatalkan pinjaman dengan mengembalikan pokok dan bunga untuk hari yang terpakai, tanpa denda',
      lateCharges: 'Jika terlambat membayar',
      lateFee: 'biaya keterlambatan satu kali {{new}} ({{repeat}} untuk peminjam lama)',
      lateTier: '{{rate}} dari jumlah yang terlambat mulai hari ke-{{from}}',
      lateValue: '{{parts}}; hanya atas jumlah yang terlambat, tidak pernah berbunga majemuk',
      lateNone: 'Tidak ada denda keterlambatan',
      capped:
        'Seluruh biaya tidak pernah melebihi batas sesuai ketentuan OJK, yaitu {{cap}} dari jumlah pinjaman',
      // Biaya bersyarat selain denda keterlambatan (keputusan 047).
      extension: 'Perpanjangan jatuh tempo',
      extensionValue_other:
        '{{fee}} ({{rate}} dari jumlah pinjaman) memundurkan jatuh tempo {{count}} hari; dapat diajukan saat pembayaran jatuh tempo atau terlambat',
      extensionNone: 'Tidak tersedia',
      caps: 'Batas biaya pinjaman sesuai ketentuan OJK',
      capsValue:
        'bunga dan biaya paling banyak {{perDay}} dari jumlah pinjaman per hari; denda keterlambatan paling banyak {{latePerDay}} dari jumlah pinjaman per hari keterlambatan; biaya perpanjangan paling banyak {{perDay}} untuk setiap hari perpanjangan; seluruhnya (bunga, biaya, denda, dan biaya perpanjangan) paling banyak {{total}} dari jumlah pinjaman, yaitu {{totalAmount}}',
    },
    confirm: {
      note: `Dana dikirim ke rekening bank Anda setelah disetujui, dalam ${ID.payout}.`,
      popTitle: 'Perjanjian pinjaman',
      popContent:
        'Ini pinjaman pertama Anda bersama kami: mohon baca perjanjian pinjaman sebelum mengonfirmasi.',
    },
    contracts: {
      agreement: 'Perjanjian pinjaman',
      privacy: 'Kebijakan privasi',
    },
    notice: {
      '21': {
        title: 'Pengajuan sedang ditinjau',
        desc: `Kami akan memberi keputusan dalam ${ID.decision} dan mengabari Anda.`,
      },
      '151': {
        title: 'Disetujui: dana sedang dikirim',
        desc: `Pinjaman Anda disetujui dan sedang dikirim ke rekening bank Anda. Dana tiba dalam ${ID.payout}.`,
      },
      '110': {
        title: 'Pengajuan belum disetujui',
        desc: 'Kami belum dapat menyetujui pengajuan ini. Silakan ajukan kembali di lain waktu.',
      },
      '170': {
        title: 'Dana sudah dicairkan',
        desc: 'Dana sudah dikirim ke rekening Anda. Mohon bayar paling lambat {{due}}.',
      },
      '174': {
        title: 'Tagihan jatuh tempo',
        desc: 'Mohon bayar {{amount}} paling lambat {{due}} agar riwayat Anda tetap baik.',
      },
      '180': {
        title: 'Tagihan terlambat',
        // Indonesian has one form; `_one` keeps the catalogues' keys alike.
        desc_one:
          'Pembayaran Anda terlambat {{count}} hari dan dikenakan denda. Bayar {{amount}} sekarang untuk menghentikannya.',
        desc_other:
          'Pembayaran Anda terlambat {{count}} hari dan dikenakan denda. Bayar {{amount}} sekarang untuk menghentikannya.',
      },
      '200': { title: 'Pinjaman lunas', desc: 'Terima kasih! Pinjaman ini sudah lunas.' },
      other: { title: 'Status pinjaman', desc: 'Rincian pinjaman Anda ada di bawah ini.' },
    },
    myLoans: {
      overdue_one: 'Terlambat {{count}} hari',
      overdue_other: 'Terlambat {{count}} hari',
    },
    home: {
      apply: 'Pilih pinjaman',
      repay: 'Bayar {{amount}} paling lambat {{date}}',
    },
    stand: {
      title: 'Kami tidak dapat memasukkan Anda ke layanan itu',
      description:
        'Akun Anda tidak dapat ditautkan ke layanan tersebut. Anda tetap dapat meminjam dengan salah satu produk berikut.',
    },
    scoreThanks: 'Terima kasih atas penilaian Anda!',
    refusals: {
      productNotFound: 'Produk ini tidak tersedia.',
      productFull: 'Pengajuan untuk produk ini sudah penuh hari ini. Silakan ajukan kembali besok.',
      liveLoan: 'Anda masih memiliki pinjaman pada produk ini. Lunasi dahulu untuk meminjam lagi.',
      pendingApplication: 'Anda sudah memiliki pengajuan yang sedang diproses untuk produk ini.',
      agreementRequired: 'Mohon baca dan setujui perjanjian pinjaman terlebih dahulu.',
      amountOutOfRange: 'Jumlah pinjaman harus antara {{min}} dan {{max}}.',
      amountNotInSteps: 'Jumlah pinjaman harus kelipatan {{step}}.',
      termNotOffered: 'Silakan pilih salah satu tenor yang tersedia: {{terms}} hari.',
      overCap: 'Biaya pinjaman ini melebihi batas ketentuan. Silakan pilih jumlah atau tenor lain.',
      requestKeyReused: 'Konfirmasi ini sudah dipakai untuk pinjaman lain. Silakan muat ulang halaman.',
      scoreRequired: 'Silakan pilih',
      scoreNotDue: 'Pinjaman ini tidak memerlukan penilaian.',
      contractNotFound: 'Dokumen ini tidak tersedia.',
    },
    booking: {
      termsChanged:
        'Ketentuan pinjaman telah berubah sejak Anda melihatnya. Silakan periksa ketentuan baru dan konfirmasi kembali.',
      quoteExpired:
        'Ketentuan pinjaman ini sudah kedaluwarsa. Silakan periksa ketentuan terbaru dan konfirmasi kembali.',
      quoteMismatch:
        'Pinjaman yang Anda konfirmasi berbeda dengan yang tampil di layar. Silakan periksa ketentuan dan konfirmasi kembali.',
      overdueLoan:
        'Anda memiliki pinjaman yang terlambat. Mohon lunasi terlebih dahulu sebelum mengajukan pinjaman baru.',
      loanLimit:
        'Anda sudah memiliki {{count}} pinjaman atau pengajuan yang aktif. Lunasi salah satunya sebelum mengajukan pinjaman baru.',
    },
  },
});
