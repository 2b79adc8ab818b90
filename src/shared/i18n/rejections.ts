import { catalog } from './catalog.ts';

/**
 * Why an application was declined (issue 29): the operator picks the reason, the borrower reads it with
 * what they can do next. One text per reason, so the operator sees what the borrower will. Its own
 * catalogue: the server writes it for the borrower and the back office shows it; no H5 screen loads it.
 */
export const rejections = catalog({
  en: {
    title: 'Why your application was declined',
    nextTitle: 'What you can do next',
    reasons: {
      incomeUnverified: 'We could not verify your income.',
      identityUnclear: 'We could not confirm your identity from the details and documents you gave.',
      creditHistory: 'Your credit history does not meet this product’s requirements at present.',
      openLoans: 'You have too many loans open at the moment.',
      notEligible: 'You do not meet this product’s requirements, such as age or place of residence.',
      other: 'Another reason, from our review team:',
    },
    next: {
      incomeUnverified: 'Check that your income details are complete and up to date, then apply again.',
      identityUnclear:
        'Check that your name and ID details match your documents and that the photos are sharp, then apply again.',
      creditHistory: 'Repaying your other loans on time improves your history. You can apply again later.',
      openLoans: 'When you have repaid a loan you have open, you can apply again.',
      notEligible: 'Other products may suit you: look through the products offered to you.',
      other: 'If anything is unclear, contact customer service through Help in the app.',
    },
  },
  id: {
    title: 'Mengapa pengajuan Anda ditolak',
    nextTitle: 'Yang dapat Anda lakukan',
    reasons: {
      incomeUnverified: 'Kami tidak dapat memverifikasi penghasilan Anda.',
      identityUnclear: 'Kami tidak dapat memastikan identitas Anda dari data dan dokumen yang Anda berikan.',
      creditHistory: 'Riwayat kredit Anda saat ini belum memenuhi syarat produk ini.',
      openLoans: 'Saat ini Anda memiliki terlalu banyak pinjaman yang belum lunas.',
      notEligible: 'Anda belum memenuhi syarat produk ini, misalnya usia atau tempat tinggal.',
      other: 'Alasan lain, dari tim peninjau kami:',
    },
    next: {
      incomeUnverified: 'Pastikan data penghasilan Anda lengkap dan terbaru, lalu ajukan lagi.',
      identityUnclear:
        'Pastikan nama dan data KTP Anda sesuai dengan dokumen dan fotonya jelas, lalu ajukan lagi.',
      creditHistory:
        'Membayar pinjaman lain tepat waktu memperbaiki riwayat Anda. Anda dapat mengajukan lagi nanti.',
      openLoans: 'Setelah salah satu pinjaman Anda lunas, Anda dapat mengajukan lagi.',
      notEligible: 'Produk lain mungkin cocok untuk Anda: lihat produk yang ditawarkan kepada Anda.',
      other: 'Jika ada yang kurang jelas, hubungi layanan pelanggan melalui menu Bantuan di aplikasi.',
    },
  },
});
