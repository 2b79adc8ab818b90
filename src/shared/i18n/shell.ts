import { catalog } from './catalog.ts';
/** Copy of the single-page shells themselves: the bridge test page, not-found and error screens. */
export const shell = catalog({
  en: {
    bridge: {
      appOnly: 'This action is available in the app.',
    },
    bridgeTest: {
      title: 'Bridge test',
      intro: 'Each button sends one message to the native app. Use it to check a shell build.',
      messages: 'Bridge messages',
      lastTransport: 'Last message sent through:',
      noneYet: 'nothing sent yet',
      transports: {
        android: 'Android bridge',
        ios: 'iOS bridge',
        parent: 'simulator (parent window)',
        browser: 'browser fallback',
      },
      buttons: {
        to: 'Open the privacy policy',
        closeWebView: 'Close this page',
        toPageWithArg: 'Open a product page with arguments',
        goHome: 'Go to app home',
        goMine: 'Go to my account',
        returnToLogin: 'Return to sign-in',
        callTel: 'Call customer service',
        goRate: 'Rate the app',
        burialPoint: 'Send an analytics event',
        startBank: 'Start bank linking',
        endBank: 'End bank linking',
      },
      session: {
        title: 'Signed-in borrower',
        loading: 'Checking who is signed in…',
        error: 'Could not load the signed-in borrower.',
        signedIn: 'Signed in as {{name}} (borrower {{userId}}, market {{market}})',
      },
    },
    notFound: {
      title: 'Page not found',
      description: 'The page you opened does not exist or has moved.',
      goHome: 'Back to home',
    },
    routeError: {
      title: 'Something went wrong',
      description: 'This page could not be shown. Please try again.',
    },
    sessionEnded: {
      title: 'Session ended',
      signIn: 'Sign in again',
    },
  },
  id: {
    bridge: {
      appOnly: 'Tindakan ini tersedia di aplikasi.',
    },
    bridgeTest: {
      title: 'Uji bridge',
      intro: 'Setiap tombol mengirim satu pesan ke aplikasi native. Gunakan untuk memeriksa build aplikasi.',
      messages: 'Pesan bridge',
      lastTransport: 'Pesan terakhir dikirim melalui:',
      noneYet: 'belum ada yang dikirim',
      transports: {
        android: 'bridge Android',
        ios: 'bridge iOS',
        parent: 'simulator (jendela induk)',
        browser: 'cadangan browser',
      },
      buttons: {
        to: 'Buka kebijakan privasi',
        closeWebView: 'Tutup halaman ini',
        toPageWithArg: 'Buka halaman produk dengan argumen',
        goHome: 'Ke beranda aplikasi',
        goMine: 'Ke akun saya',
        returnToLogin: 'Kembali ke halaman masuk',
        callTel: 'Telepon layanan pelanggan',
        goRate: 'Beri nilai aplikasi',
        burialPoint: 'Kirim peristiwa analitik',
        startBank: 'Mulai penautan bank',
        endBank: 'Akhiri penautan bank',
      },
      session: {
        title: 'Peminjam yang masuk',
        loading: 'Memeriksa siapa yang masuk…',
        error: 'Tidak dapat memuat peminjam yang masuk.',
        signedIn: 'Masuk sebagai {{name}} (peminjam {{userId}}, pasar {{market}})',
      },
    },
    notFound: {
      title: 'Halaman tidak ditemukan',
      description: 'Halaman yang Anda buka tidak ada atau sudah dipindahkan.',
      goHome: 'Kembali ke beranda',
    },
    routeError: {
      title: 'Terjadi kesalahan',
      description: 'Halaman ini tidak dapat ditampilkan. Silakan coba lagi.',
    },
    sessionEnded: {
      title: 'Sesi berakhir',
      signIn: 'Masuk kembali',
    },
  },
});
