import { catalog } from './catalog.ts';
/**
 * Repaying with a saved bank card (`/repayment`, the older flow; decision 032): the screen's words, the
 * server's refusals, the SMS text and the sandbox's hosted page. Amounts, bank names and card numbers
 * come from the server. The `en` side is the reference shape; `id` has the same keys.
 */
export const repaymentCard = catalog({
  en: {
    title: 'Pay by bank card',
    back: 'Back',
    amount: 'Amount to pay',
    orderNo: 'Order {{orderNo}}',
    cards: 'Choose the bank card to pay with',
    cardEnding: 'card ending in {{last4}}',
    pay: 'Pay now',
    otherWays: 'Pay another way',
    code: {
      heading: 'Verification code',
      hint: 'We sent a 6-digit code by SMS to your registered phone number. It is valid for 5 minutes.',
      label: 'SMS verification code',
      get: 'Get code',
      countdown: '{{seconds}}s',
      countdownLabel_one: 'You can ask for a new code in {{count}} second',
      countdownLabel_other: 'You can ask for a new code in {{count}} seconds',
      sent: 'A verification code has been sent.',
      confirm: 'Confirm payment',
    },
    states: {
      loading: 'Loading your bank cards…',
      paying: 'Paying…',
      noCards: 'You have no saved bank card yet. You can still pay another way.',
      notFound: 'There is no loan to pay right now.',
      home: 'Back to home',
      offline: 'You seem to be offline. Check your internet connection and try again.',
    },
    /** Spec §5, §8: the card flow's messages. */
    messages: {
      noCard: 'Please choose the paying bank card first.',
      shortCode: 'Please enter the correct verification code.',
      doNotResend: 'The code has been sent. Please do not resend it yet.',
      wrongCode: 'Wrong verification code.',
      doNotResubmit: 'This payment has already been submitted. Please do not resubmit.',
      processingFailed: 'Processing failed.',
      cardListFailed: 'Card list query failed.',
    },
    errors: {
      wrongCodeLocked:
        'Wrong verification code. After too many wrong tries this payment is stopped: please start again.',
      locked: 'Too many wrong codes were entered. Please start the payment again.',
      tooManyCodes: 'Too many codes were sent to this phone. Please try again in an hour.',
      codeExpired: 'The verification code has expired. Please get a new code.',
      noCode: 'Please get a verification code first.',
      closed: 'This payment was cancelled or has expired. Please start again.',
      pageExpired: 'This payment page has expired. Please open it again.',
      hostedUnavailable: 'Paying on the bank’s page is not available. Please choose another way to pay.',
      smsUnavailable: 'The code could not be sent. Please try again in a moment.',
    },
    sms: {
      cardRepayment:
        '{{app}}: {{code}} is your code to pay {{amount}} with your {{bank}} card ending in {{last4}}. It expires in 5 minutes. Never share it with anyone.',
    },
    hosted: {
      title: 'Sandbox payment page',
      text: 'Pay {{amount}} for loan {{orderNo}}. This page stands in for the bank’s own page in demo mode.',
      pay: 'Pay',
      cancel: 'Back to the loan',
    },
  },
  id: {
    title: 'Bayar dengan kartu bank',
    back: 'Kembali',
    amount: 'Jumlah yang harus dibayar',
    orderNo: 'Pesanan {{orderNo}}',
    cards: 'Pilih kartu bank untuk membayar',
    cardEnding: 'kartu berakhiran {{last4}}',
    pay: 'Bayar Sekarang',
    otherWays: 'Bayar dengan cara lain',
    code: {
      heading: 'Kode verifikasi',
      hint: 'Kami mengirim kode 6 digit lewat SMS ke nomor ponsel Anda yang terdaftar. Kode berlaku 5 menit.',
      label: 'Kode verifikasi SMS',
      get: 'Dapatkan kode',
      countdown: '{{seconds}}s',
      countdownLabel_other: 'Anda dapat meminta kode baru dalam {{count}} detik',
      sent: 'Kode verifikasi telah dikirim.',
      confirm: 'Konfirmasi pembayaran',
    },
    states: {
      loading: 'Memuat kartu bank Anda…',
      paying: 'Memproses pembayaran…',
      noCards: 'Anda belum punya kartu bank tersimpan. Anda tetap dapat membayar dengan cara lain.',
      notFound: 'Tidak ada pinjaman yang perlu dibayar saat ini.',
      home: 'Kembali ke beranda',
      offline: 'Sepertinya Anda sedang offline. Periksa koneksi internet Anda lalu coba lagi.',
    },
    messages: {
      noCard: 'Silakan pilih kartu bank pembayaran terlebih dahulu.',
      shortCode: 'Silakan masukkan kode verifikasi yang benar.',
      doNotResend: 'Kode sudah dikirim. Mohon jangan kirim ulang dulu.',
      wrongCode: 'Kode verifikasi salah.',
      doNotResubmit: 'Pembayaran ini sudah dikirim. Mohon jangan kirim ulang.',
      processingFailed: 'Pemrosesan gagal.',
      cardListFailed: 'Gagal memuat daftar kartu.',
    },
    errors: {
      wrongCodeLocked:
        'Kode verifikasi salah. Karena terlalu banyak percobaan yang salah, pembayaran ini dihentikan: silakan mulai lagi.',
      locked: 'Terlalu banyak kode salah yang dimasukkan. Silakan mulai pembayaran lagi.',
      tooManyCodes: 'Terlalu banyak kode dikirim ke nomor ini. Silakan coba lagi dalam satu jam.',
      codeExpired: 'Kode verifikasi sudah kedaluwarsa. Silakan minta kode baru.',
      noCode: 'Silakan minta kode verifikasi terlebih dahulu.',
      closed: 'Pembayaran ini dibatalkan atau sudah kedaluwarsa. Silakan mulai lagi.',
      pageExpired: 'Halaman pembayaran ini sudah kedaluwarsa. Silakan buka kembali.',
      hostedUnavailable: 'Pembayaran di halaman bank tidak tersedia. Silakan pilih cara bayar lain.',
      smsUnavailable: 'Kode tidak dapat dikirim. Silakan coba lagi sebentar lagi.',
    },
    sms: {
      cardRepayment:
        '{{app}}: {{code}} adalah kode Anda untuk membayar {{amount}} dengan kartu {{bank}} berakhiran {{last4}}. Berlaku 5 menit. Jangan berikan kepada siapa pun.',
    },
    hosted: {
      title: 'Halaman pembayaran sandbox',
      text: 'Bayar {{amount}} untuk pinjaman {{orderNo}}. Halaman ini menggantikan halaman bank dalam mode demo.',
      pay: 'Bayar',
      cancel: 'Kembali ke pinjaman',
    },
  },
});
