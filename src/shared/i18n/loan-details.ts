import { catalog } from './catalog.ts';
/**
 * Copy of the loan-details screen (v3). The status, its description, the rows and the amounts come
 * from the server, already in the borrower's language. The `en` side is the reference shape; `id` has the
 * same keys.
 */
export const loanDetails = catalog({
  en: {
    title: 'Loan details',
    loading: 'Loading your loan details…',
    submitted: 'Application submitted. We will let you know as soon as it has been reviewed.',
    /** Alt text of the status pictures: what the picture shows (the headline beside it says the status). */
    images: {
      '21': 'A document under a magnifying glass',
      '151': 'Money on its way',
      '174': 'A calendar with the due date marked',
      '180': 'A calendar with an alert sign',
      '110': 'A closed folder',
      '200': 'A check mark',
    },
    detailsHeading: 'About this loan',
    actions: {
      repay: 'Repay',
      extend: 'Extend the due date',
      loanMore: 'Loan more',
      receipts: 'Payments and receipts',
      certificate: 'Receipts and no-dues certificate',
    },
    coolingOff: {
      title: 'Exit this loan',
      text: 'Changed your mind? You can still exit this loan. You pay back the principal and the interest for the days you have used it, with no penalty.',
      payoff: 'To pay back today',
      deadline: 'Exit possible until',
      button: 'Repay and exit',
    },
    recommended: {
      title: 'You may also like',
      more: 'More products',
    },
    rating: {
      title: 'How was your experience with us?',
      cancel: 'Cancel',
      send: 'Submit',
      pickStars: 'Please choose a star rating.',
      rateNow: 'Rate your experience',
      stars: {
        '1': '1 star, very poor',
        '2': '2 stars, poor',
        '3': '3 stars, fair',
        '4': '4 stars, good',
        '5': '5 stars, excellent',
      },
    },
    thanks: {
      title: 'Thank you for your feedback',
      text: 'We read every rating and keep working to make borrowing with us better.',
      close: 'OK',
    },
    states: {
      notFound: 'We could not find this loan.',
      home: 'Back to home',
      loadError: 'Your loan details could not be loaded.',
      offline: 'You seem to be offline. Check your internet connection and try again.',
      openFailed: 'This cannot be opened right now. Please try again later.',
    },
  },
  id: {
    title: 'Detail pinjaman',
    loading: 'Memuat detail pinjaman Anda…',
    submitted: 'Pengajuan terkirim. Kami akan segera mengabari Anda setelah pengajuan selesai ditinjau.',
    images: {
      '21': 'Dokumen di bawah kaca pembesar',
      '151': 'Uang sedang dalam perjalanan',
      '174': 'Kalender dengan tanggal jatuh tempo yang ditandai',
      '180': 'Kalender dengan tanda peringatan',
      '110': 'Map yang tertutup',
      '200': 'Tanda centang',
    },
    detailsHeading: 'Tentang pinjaman ini',
    actions: {
      repay: 'Bayar',
      extend: 'Perpanjang jatuh tempo',
      loanMore: 'Pinjam lagi',
      receipts: 'Pembayaran dan bukti bayar',
      certificate: 'Bukti bayar dan surat keterangan lunas',
    },
    coolingOff: {
      title: 'Batalkan pinjaman ini',
      text: 'Berubah pikiran? Anda masih bisa membatalkan pinjaman ini. Anda cukup mengembalikan pokok pinjaman dan bunga untuk hari yang sudah berjalan, tanpa denda.',
      payoff: 'Yang dibayar hari ini',
      deadline: 'Bisa dibatalkan sampai',
      button: 'Bayar dan batalkan',
    },
    recommended: {
      title: 'Mungkin Anda juga suka',
      more: 'Produk lainnya',
    },
    rating: {
      title: 'Bagaimana pengalaman Anda bersama kami?',
      cancel: 'Batal',
      send: 'Kirim',
      pickStars: 'Silakan pilih',
      rateNow: 'Beri penilaian',
      stars: {
        '1': '1 bintang, sangat buruk',
        '2': '2 bintang, buruk',
        '3': '3 bintang, cukup',
        '4': '4 bintang, baik',
        '5': '5 bintang, sangat baik',
      },
    },
    thanks: {
      title: 'Terima kasih atas masukan Anda',
      text: 'Kami membaca setiap penilaian dan terus berusaha membuat layanan pinjaman kami lebih baik.',
      close: 'Oke',
    },
    states: {
      notFound: 'Pinjaman ini tidak ditemukan.',
      home: 'Kembali ke beranda',
      loadError: 'Detail pinjaman Anda tidak dapat dimuat.',
      offline: 'Sepertinya Anda sedang offline. Periksa koneksi internet Anda lalu coba lagi.',
      openFailed: 'Halaman ini belum bisa dibuka. Silakan coba lagi nanti.',
    },
  },
});
