import { catalog } from './catalog.ts';
/**
 * Receipts, the no-dues certificate and its verification (issue 9). `screen` is the borrower's receipts
 * screen, `receipt` what the server writes on a receipt, `verify` the site's check page. The certificate
 * itself is not a translation: each market's document is its own (an Indian "No Dues Certificate" in
 * English, an Indonesian "Surat Keterangan Lunas" in Indonesian), so its wording lives in
 * `CERTIFICATE_TEXT` below, by market, and a certificate is always written in its market's language.
 * The `en` side is the reference shape; `id` has the same keys.
 */
export const documents = catalog({
  en: {
    screen: {
      title: 'Payments and receipts',
      listTitle: 'Receipts',
      loading: 'Loading your receipts…',
      empty:
        'No payment has been applied to this loan yet. Receipts appear here once a payment is confirmed.',
      error: 'Your receipts could not be loaded.',
      retry: 'Try again',
      offline: 'You seem to be offline. Check your internet connection and try again.',
      notFound: 'We could not find this loan.',
      receiptNo: 'Receipt {{no}}',
      paidAt: 'Paid on',
      method: 'Paid by',
      reference: 'Reference',
      applied: 'What it paid',
      certificateTitle: 'No-dues certificate',
      certificateReady:
        'Your loan is fully repaid. Download the certificate that says so: anyone you show it to can check its code on our website.',
      download: 'Download certificate',
      preparing: 'Preparing…',
      downloadFailed: 'The certificate could not be prepared. Please try again.',
      codeLabel: 'Verification code',
      print: 'Print',
    },
    receipt: {
      method: {
        bank: 'Bank transfer, {{bank}}',
        store: 'Mini market, {{store}}',
        upi: 'UPI',
        upiUtr: 'UPI, UTR {{utr}}',
        other: 'Payment',
      },
      parts: {
        late_fee: 'Late fee',
        late_charge: 'Late charges',
        extension_fee: 'Extension fee',
        period: 'Period {{from}}: {{part}}',
        // Not a plural (Indonesian has one form): a run of periods, from the first to the last.
        periodRange: 'Periods {{from}} to {{to}}: {{part}}',
        fees: 'fees',
        interest: 'interest',
        principal: 'principal',
      },
      notSettled: 'The certificate is ready once the loan is fully repaid.',
    },
    refusals: {
      notSettled: 'The no-dues certificate is available once the loan is fully repaid.',
      linkExpired: 'This link has expired. Open the certificate again from the app.',
      invalidCode: 'This code does not match any certificate we issued. Check it and try again.',
    },
    verify: {
      title: 'Check a certificate',
      intro:
        'Every no-dues certificate we issue carries a verification code. Type it here to see what the certificate says, as our records show it.',
      label: 'Verification code',
      placeholder: 'e.g. IN2026112412345678-ABCDEFGH23',
      submit: 'Check',
      checking: 'Checking…',
      valid: 'This certificate is genuine.',
      invalid: 'This code does not match any certificate we issued. Check it and try again.',
      failed: 'The code could not be checked just now. Please try again.',
      rows: {
        document: 'Document',
        orderNo: 'Loan number',
        borrower: 'Borrower',
        amount: 'Loan amount',
        repaid: 'Total repaid',
        settledOn: 'Fully repaid on',
        lender: 'Lender',
      },
    },
  },
  id: {
    screen: {
      title: 'Pembayaran dan bukti bayar',
      listTitle: 'Bukti bayar',
      loading: 'Memuat bukti bayar Anda…',
      empty:
        'Belum ada pembayaran yang tercatat untuk pinjaman ini. Bukti bayar muncul di sini setelah pembayaran dikonfirmasi.',
      error: 'Bukti bayar Anda tidak dapat dimuat.',
      retry: 'Coba lagi',
      offline: 'Sepertinya Anda sedang offline. Periksa koneksi internet Anda lalu coba lagi.',
      notFound: 'Kami tidak dapat menemukan pinjaman ini.',
      receiptNo: 'Bukti bayar {{no}}',
      paidAt: 'Dibayar pada',
      method: 'Dibayar melalui',
      reference: 'Referensi',
      applied: 'Yang dibayar',
      certificateTitle: 'Surat keterangan lunas',
      certificateReady:
        'Pinjaman Anda sudah lunas. Unduh surat keterangannya: siapa pun yang Anda tunjukkan dapat memeriksa kodenya di situs kami.',
      download: 'Unduh surat keterangan',
      preparing: 'Menyiapkan…',
      downloadFailed: 'Surat keterangan tidak dapat disiapkan. Silakan coba lagi.',
      codeLabel: 'Kode verifikasi',
      print: 'Cetak',
    },
    receipt: {
      method: {
        bank: 'Transfer bank, {{bank}}',
        store: 'Minimarket, {{store}}',
        upi: 'UPI',
        upiUtr: 'UPI, UTR {{utr}}',
        other: 'Pembayaran',
      },
      parts: {
        late_fee: 'Denda keterlambatan',
        late_charge: 'Biaya keterlambatan harian',
        extension_fee: 'Biaya perpanjangan',
        // As the installment plan says it (issue 29).
        period: 'Cicilan ke-{{from}}: {{part}}',
        // Not a plural (Indonesian has one form): a run of periods, from the first to the last.
        periodRange: 'Cicilan ke-{{from}} sampai ke-{{to}}: {{part}}',
        fees: 'biaya',
        interest: 'bunga',
        principal: 'pokok',
      },
      notSettled: 'Surat keterangan tersedia setelah pinjaman lunas.',
    },
    refusals: {
      notSettled: 'Surat keterangan lunas tersedia setelah pinjaman dilunasi seluruhnya.',
      linkExpired: 'Tautan ini sudah kedaluwarsa. Buka kembali surat keterangan dari aplikasi.',
      invalidCode:
        'Kode ini tidak cocok dengan surat keterangan mana pun yang kami terbitkan. Periksa lalu coba lagi.',
    },
    verify: {
      title: 'Periksa surat keterangan',
      intro:
        'Setiap surat keterangan lunas yang kami terbitkan memiliki kode verifikasi. Ketik kodenya di sini untuk melihat isi surat menurut catatan kami.',
      label: 'Kode verifikasi',
      placeholder: 'mis. ID2026112412345678-ABCDEFGH23',
      submit: 'Periksa',
      checking: 'Memeriksa…',
      valid: 'Surat keterangan ini asli.',
      invalid:
        'Kode ini tidak cocok dengan surat keterangan mana pun yang kami terbitkan. Periksa lalu coba lagi.',
      failed: 'Kode tidak dapat diperiksa saat ini. Silakan coba lagi.',
      rows: {
        document: 'Dokumen',
        orderNo: 'Nomor pinjaman',
        borrower: 'Peminjam',
        amount: 'Jumlah pinjaman',
        repaid: 'Total dibayar',
        settledOn: 'Lunas pada',
        lender: 'Pemberi pinjaman',
      },
    },
  },
});

/**
 * The certificate's own wording per market (not a translation of one another). `{{…}}` are filled by
 * the server: names, numbers, dates in the market's format, the company and its regulator line.
 */
export const CERTIFICATE_TEXT = {
  IN: {
    lang: 'en',
    title: 'No Dues Certificate',
    date: 'Date: {{date}}',
    to: 'To whomsoever it may concern',
    body:
      'This is to certify that {{name}} has repaid in full the loan described below, taken from {{lender}}, ' +
      'and that no dues are outstanding against this loan as on the date of this certificate. ' +
      'We have no objection to any charge or lien related to this loan being released.',
    rows: {
      orderNo: 'Loan account number',
      product: 'Product',
      amount: 'Loan amount',
      disbursed: 'Disbursed on',
      repaid: 'Total repaid',
      settled: 'Closed on',
    },
    verify:
      'Verification code: {{code}}. Check this certificate on our website, which shows what our records say about it:',
    issuer: '{{lender}}. {{licence}}',
    footer: 'This certificate is generated electronically and is valid without a signature.',
    document: 'No Dues Certificate',
  },
  ID: {
    lang: 'id',
    title: 'Surat Keterangan Lunas',
    date: 'Tanggal: {{date}}',
    to: 'Kepada Yth. pihak yang berkepentingan',
    body:
      'Dengan ini kami menerangkan bahwa {{name}} telah melunasi seluruh kewajiban atas pinjaman di bawah ini ' +
      'kepada {{lender}}, dan tidak ada lagi kewajiban yang tersisa atas pinjaman tersebut per tanggal surat ini.',
    rows: {
      orderNo: 'Nomor pinjaman',
      product: 'Produk',
      amount: 'Jumlah pinjaman',
      disbursed: 'Tanggal pencairan',
      repaid: 'Total pembayaran',
      settled: 'Tanggal pelunasan',
    },
    verify:
      'Kode verifikasi: {{code}}. Periksa keaslian surat ini di situs kami, yang menampilkan catatan kami tentang surat ini:',
    issuer: '{{lender}}. {{licence}}',
    footer: 'Surat ini dibuat secara elektronik dan sah tanpa tanda tangan.',
    document: 'Surat Keterangan Lunas',
  },
} as const;
