import { catalog } from './catalog.ts';
/**
 * The promotion landing (`/promotion`, spec §2 "Register landing template", §5, §8; decision 034): the
 * register form, its messages, the download and agreement pages. The headline, banner and app name come
 * from the channel's template; the legal text is in src/shared/legal/promo-agreement.ts (each market's
 * own, not a translation). The `en` side is the reference shape; `id` has the same keys.
 */
export const promotion = catalog({
  en: {
    loading: 'Loading the offer…',
    offline: 'You are offline. The form works again as soon as you reconnect.',
    adultsOnly: 'For adults aged 18 and over.',
    form: {
      title: 'Register with your mobile number',
      // The example number is one unbreakable word (no-break space, non-breaking hyphens).
      phone: {
        label: 'Mobile number',
        hintIN: '10 digits, for example 98765\u00a043210',
        hintID: 'Indonesian mobile number, for example 0812\u20113456\u20117890',
      },
      captcha: {
        label: 'Picture code',
        hint: 'Type the 4 characters in the picture.',
        refresh: 'Show a new picture code',
        load: 'Load the picture code',
        failed: 'The picture code did not load. Tap to try again.',
      },
      smsCode: {
        label: 'SMS code',
        hint: 'The 6-digit code we send to your phone.',
        get: 'Get code',
        sending: 'Sending…',
        countdown: '{{seconds}}s',
        sent: 'Code sent. Check your SMS messages.',
        call: 'No SMS? Get the code by phone call',
        calling: 'We are calling you now to read out the code.',
      },
      agreement: {
        before: 'I have read and agree to the ',
        link: 'registration agreement and privacy notice',
        after: '.',
      },
      submit: 'Register',
      submitting: 'Registering…',
    },
    /** Spec §5: each field's message, shown at the field. */
    errors: {
      phone: 'Please enter the phone number correctly.',
      captcha: 'Please enter the correct picture code.',
      smsCode: 'Please enter the correct SMS code.',
      agreement: 'Please read and agree to the registration agreement and privacy notice.',
      doNotResend: 'The code has been sent. Please do not resend it; you can ask again in {{seconds}} s.',
    },
    /** Spec §8: what the register call's outcome says on the download page. */
    outcome: {
      registered: 'Registered successfully. Download the app to continue.',
      alreadyRegistered: 'This number is already registered. Download the app and sign in.',
    },
    invalid: {
      title: 'This offer link is not valid',
      body: 'The link may be old, mistyped or no longer offered. Please open the offer again from where you found it.',
      failedTitle: 'The offer could not be loaded',
      failedBody: 'Please check your connection and try again.',
      retry: 'Try again',
    },
    download: {
      title: 'Download {{appName}}',
      intro: 'Install the app and sign in with your mobile number to apply.',
      android: 'Get {{appName}} on Google Play',
      ios: 'Download {{appName}} on the App Store',
      none: 'The download link is not available yet. Please try again later.',
    },
    agreementPage: {
      title: 'Registration agreement and privacy notice',
      back: 'Back to registration',
    },
    banner: 'Instant loans from {{appName}}',
  },
  id: {
    loading: 'Memuat penawaran…',
    offline: 'Anda sedang offline. Formulir dapat dipakai lagi begitu Anda terhubung kembali.',
    adultsOnly: 'Hanya untuk orang dewasa berusia 18 tahun ke atas.',
    form: {
      title: 'Daftar dengan nomor ponsel Anda',
      phone: {
        label: 'Nomor ponsel',
        hintIN: '10 digit, misalnya 98765\u00a043210',
        hintID: 'Nomor ponsel Indonesia, misalnya 0812\u20113456\u20117890',
      },
      captcha: {
        label: 'Kode gambar',
        hint: 'Ketik 4 karakter pada gambar.',
        refresh: 'Tampilkan kode gambar baru',
        load: 'Muat kode gambar',
        failed: 'Kode gambar tidak termuat. Ketuk untuk mencoba lagi.',
      },
      smsCode: {
        label: 'Kode SMS',
        hint: 'Kode 6 digit yang kami kirim ke ponsel Anda.',
        get: 'Dapatkan kode',
        sending: 'Mengirim…',
        countdown: '{{seconds}}s',
        sent: 'Kode terkirim. Periksa pesan SMS Anda.',
        call: 'Tidak menerima SMS? Dapatkan kode lewat telepon',
        calling: 'Kami sedang menelepon Anda untuk membacakan kode.',
      },
      agreement: {
        before: 'Saya telah membaca dan menyetujui ',
        link: 'perjanjian pendaftaran dan pemberitahuan privasi',
        after: '.',
      },
      submit: 'Daftar',
      submitting: 'Mendaftarkan…',
    },
    errors: {
      phone: 'Masukkan nomor ponsel dengan benar.',
      captcha: 'Masukkan kode gambar yang benar.',
      smsCode: 'Masukkan kode SMS yang benar.',
      agreement: 'Baca dan setujui perjanjian pendaftaran dan pemberitahuan privasi terlebih dahulu.',
      doNotResend: 'Kode sudah dikirim. Jangan kirim ulang; Anda dapat meminta lagi dalam {{seconds}} detik.',
    },
    outcome: {
      registered: 'Pendaftaran berhasil. Unduh aplikasi untuk melanjutkan.',
      alreadyRegistered: 'Nomor ini sudah terdaftar. Unduh aplikasi lalu masuk.',
    },
    invalid: {
      title: 'Tautan penawaran ini tidak berlaku',
      body: 'Tautan mungkin sudah lama, salah ketik, atau penawarannya sudah berakhir. Buka kembali penawaran dari tempat Anda menemukannya.',
      failedTitle: 'Penawaran tidak dapat dimuat',
      failedBody: 'Periksa koneksi Anda lalu coba lagi.',
      retry: 'Coba lagi',
    },
    download: {
      title: 'Unduh {{appName}}',
      intro: 'Pasang aplikasinya lalu masuk dengan nomor ponsel Anda untuk mengajukan pinjaman.',
      android: 'Dapatkan {{appName}} di Google Play',
      ios: 'Unduh {{appName}} di App Store',
      none: 'Tautan unduhan belum tersedia. Silakan coba lagi nanti.',
    },
    agreementPage: {
      title: 'Perjanjian pendaftaran dan pemberitahuan privasi',
      back: 'Kembali ke pendaftaran',
    },
    banner: 'Pinjaman cepat dari {{appName}}',
  },
});
