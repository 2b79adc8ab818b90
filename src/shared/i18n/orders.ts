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
    /**
     * Why an application was declined (issue 29): the operator picks the reason, the borrower reads it
     * with what they can do next. One text per reason, so the operator sees what the borrower will.
     */
    rejection: {
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
    rejection: {
      title: 'Mengapa pengajuan Anda ditolak',
      nextTitle: 'Yang dapat Anda lakukan',
      reasons: {
        incomeUnverified: 'Kami tidak dapat memverifikasi penghasilan Anda.',
        identityUnclear:
          'Kami tidak dapat memastikan identitas Anda dari data dan dokumen yang Anda berikan.',
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
  },
});
