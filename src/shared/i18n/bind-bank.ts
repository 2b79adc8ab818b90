import { catalog } from './catalog.ts';

/**
 * Copy of `/bindBank` (issue 30; decision 065): the market's form, the bank's holder name for the
 * borrower to confirm, the masked account afterwards, a change with an SMS code. The `en` side is the
 * reference shape; `id` has the same keys.
 */
export const bindBank = catalog({
  en: {
    title: 'Bank account',
    loading: 'Loading your bank account',
    loadError: 'We could not load your bank account. Please try again.',
    intro: 'Your loan is paid only into a bank account in your own name. We check it with your bank.',
    ifsc: 'IFSC of your branch',
    ifscHint: '11 characters, e.g. HDFC0001234 (on your cheque book or passbook)',
    ifscInvalid: 'The IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits.',
    bank: 'Bank',
    bankChoose: 'Choose your bank',
    bankRequired: 'Please choose your bank.',
    account: 'Account number',
    accountInvalid: 'The account number has {{min}} to {{max}} digits.',
    verify: 'Check and save',
    current: 'Your bank account',
    holder: 'Account holder (as your bank gave it)',
    confirmHolder: 'Please check that this is your name.',
    verified: 'Checked with your bank: your loan is paid into this account.',
    review: 'Waiting for our check',
    change: 'Change bank account',
    changeTitle: 'New bank account',
    changeText: 'For your safety, changing the account needs the code we send by SMS to your phone.',
    sendCode: 'Send SMS code',
    resend: 'Send the code again',
    codeSent: 'We sent the code by SMS to your phone. It is valid for 5 minutes.',
    code: 'SMS code',
    codeInvalid: 'Please enter the 6-digit code.',
    cancel: 'Keep the current account',
  },
  id: {
    title: 'Rekening bank',
    loading: 'Memuat rekening bank Anda',
    loadError: 'Rekening bank Anda tidak dapat dimuat. Silakan coba lagi.',
    intro:
      'Pinjaman Anda hanya dicairkan ke rekening bank atas nama Anda sendiri. Kami memeriksanya ke bank Anda.',
    ifsc: 'IFSC cabang Anda',
    ifscHint: '11 karakter, mis. HDFC0001234 (ada di buku cek atau buku tabungan)',
    ifscInvalid: 'IFSC terdiri dari 11 karakter: 4 huruf, angka nol, lalu 6 huruf atau angka.',
    bank: 'Bank',
    bankChoose: 'Pilih bank Anda',
    bankRequired: 'Mohon pilih bank Anda.',
    account: 'Nomor rekening',
    accountInvalid: 'Nomor rekening terdiri dari {{min}} sampai {{max}} angka.',
    verify: 'Periksa dan simpan',
    current: 'Rekening bank Anda',
    holder: 'Pemilik rekening (menurut bank Anda)',
    confirmHolder: 'Mohon pastikan ini nama Anda.',
    verified: 'Sudah diperiksa ke bank Anda: pinjaman Anda dicairkan ke rekening ini.',
    review: 'Menunggu pemeriksaan kami',
    change: 'Ganti rekening bank',
    changeTitle: 'Rekening bank baru',
    changeText:
      'Demi keamanan Anda, penggantian rekening memerlukan kode yang kami kirim lewat SMS ke ponsel Anda.',
    sendCode: 'Kirim kode SMS',
    resend: 'Kirim ulang kode',
    codeSent: 'Kami telah mengirim kode lewat SMS ke ponsel Anda. Kode berlaku 5 menit.',
    code: 'Kode SMS',
    codeInvalid: 'Mohon masukkan kode 6 angka.',
    cancel: 'Tetap gunakan rekening sekarang',
  },
});
