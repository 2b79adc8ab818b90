import { catalog } from './catalog.ts';
/**
 * Copy of the loan confirmation and the loan agreement screens (issue 8; spec §2, §4). The figures
 * themselves (amounts, rates, key facts, plan) come from the server already written in the borrower's
 * language; these are the words around them. The agreement's legal text is in src/shared/legal/.
 * The `en` side is the reference shape; `id` has the same keys.
 */
export const loanConfirm = catalog({
  en: {
    title: 'Confirm your loan',
    loading: 'Loading your loan offer…',
    notFound: 'This loan offer is not available.',
    notFoundHint: 'It may have ended, or the link is incomplete.',
    home: 'Back to home',
    loadError: 'Your loan offer could not be loaded.',
    offline: 'You are offline. Your loan offer will load as soon as you are back online.',
    amount: {
      label: 'Loan amount',
      range: 'From {{min}} to {{max}}',
    },
    term: {
      label: 'Loan term',
      days_one: '{{count}} day',
      days_other: '{{count}} days',
    },
    details: 'Loan details',
    plan: {
      title: 'Repayment plan',
    },
    keyFacts: {
      intro: 'Please read these figures before you confirm: they are the terms of the loan you are taking.',
      updating: 'Updating the figures for {{amount}} over {{term}}…',
    },
    agreement: {
      label: 'I have read and agree to the loan agreement and the documents below.',
      documents: 'Agreements',
      open: 'Read: {{title}}',
      unavailable: 'The list of agreements could not be loaded.',
      mustAgree: 'Tick the box above to agree before you confirm.',
    },
    popup: {
      title: 'Loan agreement',
      agree: 'Agree',
      cancel: 'Cancel',
    },
    confirm: 'Confirm loan',
    confirming: 'Confirming…',
    waitForFigures: 'Wait for the new figures before you confirm.',
    agreementPage: {
      title: 'Loan agreement',
      loading: 'Loading the agreement…',
      loadError: 'The agreement could not be loaded.',
    },
  },
  id: {
    title: 'Konfirmasi pinjaman',
    loading: 'Memuat penawaran pinjaman Anda…',
    notFound: 'Penawaran pinjaman ini tidak tersedia.',
    notFoundHint: 'Penawaran mungkin sudah berakhir, atau tautannya tidak lengkap.',
    home: 'Kembali ke beranda',
    loadError: 'Penawaran pinjaman Anda tidak dapat dimuat.',
    offline: 'Anda sedang offline. Penawaran pinjaman akan dimuat begitu koneksi Anda kembali.',
    amount: {
      label: 'Jumlah pinjaman',
      range: 'Dari {{min}} sampai {{max}}',
    },
    term: {
      label: 'Jangka waktu',
      days_one: '{{count}} hari',
      days_other: '{{count}} hari',
    },
    details: 'Rincian pinjaman',
    plan: {
      title: 'Rencana pembayaran',
    },
    keyFacts: {
      intro: 'Bacalah angka-angka ini sebelum Anda mengonfirmasi: inilah ketentuan pinjaman yang Anda ambil.',
      updating: 'Memperbarui angka untuk {{amount}} selama {{term}}…',
    },
    agreement: {
      label: 'Saya telah membaca dan menyetujui perjanjian pinjaman serta dokumen di bawah ini.',
      documents: 'Perjanjian',
      open: 'Baca: {{title}}',
      unavailable: 'Daftar perjanjian tidak dapat dimuat.',
      mustAgree: 'Centang kotak di atas untuk menyetujui sebelum mengonfirmasi.',
    },
    popup: {
      title: 'Perjanjian pinjaman',
      agree: 'Setuju',
      cancel: 'Batal',
    },
    confirm: 'Konfirmasi pinjaman',
    confirming: 'Mengonfirmasi…',
    waitForFigures: 'Tunggu angka terbaru sebelum mengonfirmasi.',
    agreementPage: {
      title: 'Perjanjian pinjaman',
      loading: 'Memuat perjanjian…',
      loadError: 'Perjanjian tidak dapat dimuat.',
    },
  },
});
