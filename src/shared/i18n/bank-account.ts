import { catalog } from './catalog.ts';

/**
 * The bank-account calls' messages (issue 30; decision 065): a refusal per field, the bank's answers,
 * the review of a name that differs, the change's SMS code. The `en` side is the reference shape.
 */
export const bankAccount = catalog({
  en: {
    refusals: {
      ifscRequired: 'Please enter your bank branch’s IFSC.',
      ifscFormat:
        'The IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (e.g. HDFC0001234).',
      bankRequired: 'Please choose your bank.',
      bankUnknown: 'Please choose your bank from the list.',
      notForMarket: 'This field is not used for accounts in your country.',
      accountFormat: 'The account number has {{min}} to {{max}} digits. Please check it.',
      noAccount: 'The bank says there is no such account. Please check the number and the bank.',
      unavailable:
        'We cannot check your account with the bank right now. Nothing was saved. Please try again in a few minutes.',
      taken: 'This account is already linked to another profile. Please use an account in your own name.',
      codeRequired: 'To change your bank account, please request the SMS code and enter it.',
      noAccountYet: 'You have no bank account linked yet, so there is nothing to change.',
      changedMeanwhile: 'Your bank account was just linked from another request. Please reload the page.',
      tooSoon: 'A code was sent less than a minute ago. Please wait before asking again.',
      tooManyCodes: 'Too many codes were requested. Please try again in an hour.',
    },
    /**
     * The operator's refusals of a payout (orders-admin.ts, decision 065). Here, not in `orders`, whose
     * catalog rides in every borrower screen's first load.
     */
    payout: {
      noVerifiedAccount:
        'The borrower has no verified bank account, so there is nowhere to pay out. Nothing was sent; approve once their account is verified.',
      payoutHeld:
        'The borrower changed their bank account less than 24 hours ago. The payout is held for review: nothing was sent. Check the change with the borrower; it can be approved from {{from}}.',
    },
    review:
      'The name the bank gave for this account ({{holder}}) does not match the name you verified. Our team will check it; your loan can be paid out only after that.',
    sms: 'Your {{app}} code to change your bank account is {{code}}. Do not share it with anyone.',
  },
  id: {
    refusals: {
      ifscRequired: 'Mohon isi IFSC cabang bank Anda.',
      ifscFormat:
        'IFSC terdiri dari 11 karakter: 4 huruf, angka nol, lalu 6 huruf atau angka (mis. HDFC0001234).',
      bankRequired: 'Mohon pilih bank Anda.',
      bankUnknown: 'Mohon pilih bank Anda dari daftar.',
      notForMarket: 'Kolom ini tidak digunakan untuk rekening di negara Anda.',
      accountFormat: 'Nomor rekening terdiri dari {{min}} sampai {{max}} angka. Mohon periksa kembali.',
      noAccount: 'Bank menyatakan rekening tersebut tidak ada. Mohon periksa nomor rekening dan banknya.',
      unavailable:
        'Kami belum dapat memeriksa rekening Anda ke bank saat ini. Tidak ada yang disimpan. Silakan coba lagi dalam beberapa menit.',
      taken: 'Rekening ini sudah ditautkan ke profil lain. Mohon gunakan rekening atas nama Anda sendiri.',
      codeRequired: 'Untuk mengganti rekening bank, mohon minta kode SMS lalu masukkan kodenya.',
      noAccountYet: 'Anda belum menautkan rekening bank, jadi belum ada yang dapat diganti.',
      changedMeanwhile:
        'Rekening bank Anda baru saja ditautkan dari permintaan lain. Mohon muat ulang halaman.',
      tooSoon: 'Kode baru saja dikirim kurang dari satu menit yang lalu. Mohon tunggu sebelum meminta lagi.',
      tooManyCodes: 'Terlalu banyak permintaan kode. Silakan coba lagi dalam satu jam.',
    },
    payout: {
      noVerifiedAccount:
        'Peminjam belum memiliki rekening bank terverifikasi, sehingga tidak ada tujuan pencairan. Tidak ada yang dikirim; setujui setelah rekeningnya terverifikasi.',
      payoutHeld:
        'Peminjam mengganti rekening banknya kurang dari 24 jam yang lalu. Pencairan ditahan untuk ditinjau: tidak ada yang dikirim. Periksa penggantian itu dengan peminjam; pesanan dapat disetujui mulai {{from}}.',
    },
    review:
      'Nama yang diberikan bank untuk rekening ini ({{holder}}) tidak sesuai dengan nama yang telah Anda verifikasi. Tim kami akan memeriksanya; pinjaman Anda baru dapat dicairkan setelah itu.',
    sms: 'Kode {{app}} Anda untuk mengganti rekening bank adalah {{code}}. Jangan berikan kode ini kepada siapa pun.',
  },
});
