import { offerText } from '../domain/market-offer.ts';
import { catalog } from './catalog.ts';

// About us states each market's offer in either language, from the one source (decision 058).
const IN_EN = offerText('IN', 'en');
const ID_EN = offerText('ID', 'en');
const IN_ID = offerText('IN', 'id');
const ID_ID = offerText('ID', 'id');
/**
 * Copy of the product screens (issue 8): the recommended list (`/relevant`), the joint-login failure and
 * about us. The `en` side is the reference shape; `id` has the same keys. Product texts themselves (names,
 * amounts, rates, button texts) come from the server in the borrower's language.
 *
 * Spec strings: the title `Pengajuan Khusus` and the button `Kembali Ke Beranda` are the spec's own. Its
 * empty-list line, `Pengajuan sudah penuh , Silahkan pengajuan kembali di besok hari`, is corrected the
 * way the project corrects the spec's broken copy (product brief §5): no space before the comma, the
 * standard spelling `Silakan` (as in `Silakan pilih` elsewhere) and a grammatical sentence.
 *
 * About us is per market (each its own figures and regulator), in either language: a borrower of one
 * market may read the app in the other language (`isNeedPop`). Company facts (legal name, licence,
 * address, phone, e-mail) are not here: they are the operator-edited site values (`/vdthg/v1/site/config`).
 */
export const products = catalog({
  en: {
    relevant: {
      title: 'Special Offers',
      loading: 'Loading the products…',
      loadError: 'The products could not be loaded.',
      empty: 'Applications are full for today. Please apply again tomorrow.',
      home: 'Back to Home',
      listLabel: 'Products',
    },
    jointLoginFail: {
      title: 'Sign-in unsuccessful',
      loading: 'Loading…',
      loadError: 'This page could not be loaded.',
      productsHeading: 'You can also apply for',
      empty: 'There are no other products for you right now. Please try again later.',
      home: 'Back to Home',
    },
    apply: {
      noTarget: 'This product cannot be opened right now. Please try again later.',
    },
    about: {
      title: 'About us',
      pointsHeading: 'Why borrow with us',
      companyHeading: 'Company',
      address: 'Address',
      email: 'E-mail',
      contactHeading: 'Contact us',
      telephone: 'Telephone',
      callHint: 'Tap to call',
      onlineService: 'Online service',
      onlineServiceHint: 'Chat with our assistant or contact our team',
      loading: 'Loading the company details…',
      loadError: 'The company details could not be loaded.',
      markets: {
        IN: {
          lead: 'We are an online lending service that helps working people in India get small personal loans quickly, safely and on clear terms.',
          points: {
            fast: {
              title: 'Fast',
              text: `Borrow ${IN_EN.min} to ${IN_EN.max} and receive it within ${IN_EN.payout} of approval.`,
            },
            simple: {
              title: 'Simple',
              text: 'Apply in the app in a few minutes, with no paperwork and no branch visit.',
            },
            clear: {
              title: 'Transparent',
              text: 'The key fact statement shows the APR, every fee and the total to repay before you confirm.',
            },
            safe: {
              title: 'Secure',
              text: 'Your data is encrypted and used only for your loan. We never read your contacts, call logs or photos.',
            },
          },
        },
        ID: {
          lead: 'We are an online lending service that helps working people in Indonesia get personal loans quickly, safely and on clear terms.',
          points: {
            fast: {
              title: 'Fast',
              text: `Borrow ${ID_EN.min} to ${ID_EN.max} and receive it within ${ID_EN.payout} of approval.`,
            },
            simple: {
              title: 'Simple',
              text: 'Apply in the app in a few minutes, with no paperwork and no branch visit.',
            },
            clear: {
              title: 'Transparent',
              text: 'The loan summary (RIPLAY) shows every cost and the total to repay before you confirm.',
            },
            safe: {
              title: 'Secure',
              text: 'Your data is encrypted and used only for your loan. We never read your contacts, call logs or photos.',
            },
          },
        },
      },
    },
  },
  id: {
    relevant: {
      title: 'Pengajuan Khusus',
      loading: 'Memuat produk…',
      loadError: 'Produk tidak dapat dimuat.',
      empty: 'Pengajuan sudah penuh. Silakan ajukan kembali besok.',
      home: 'Kembali Ke Beranda',
      listLabel: 'Produk',
    },
    jointLoginFail: {
      title: 'Gagal masuk',
      loading: 'Memuat…',
      loadError: 'Halaman ini tidak dapat dimuat.',
      productsHeading: 'Anda juga dapat mengajukan',
      empty: 'Belum ada produk lain untuk Anda saat ini. Silakan coba lagi nanti.',
      home: 'Kembali Ke Beranda',
    },
    apply: {
      noTarget: 'Produk ini belum dapat dibuka. Silakan coba lagi nanti.',
    },
    about: {
      title: 'Tentang kami',
      pointsHeading: 'Mengapa meminjam di sini',
      companyHeading: 'Perusahaan',
      address: 'Alamat',
      email: 'E-mail',
      contactHeading: 'Hubungi kami',
      telephone: 'Telepon',
      callHint: 'Ketuk untuk menelepon',
      onlineService: 'Layanan online',
      onlineServiceHint: 'Tanya asisten kami atau hubungi tim kami',
      loading: 'Memuat data perusahaan…',
      loadError: 'Data perusahaan tidak dapat dimuat.',
      markets: {
        IN: {
          lead: 'Kami adalah layanan pinjaman online yang membantu para pekerja di India mendapatkan pinjaman pribadi kecil dengan cepat, aman, dan dengan syarat yang jelas.',
          points: {
            fast: {
              title: 'Cepat',
              text: `Pinjam ${IN_ID.min} hingga ${IN_ID.max} dan terima dalam ${IN_ID.payout} setelah disetujui.`,
            },
            simple: {
              title: 'Mudah',
              text: 'Ajukan di aplikasi dalam beberapa menit, tanpa berkas dan tanpa datang ke kantor cabang.',
            },
            clear: {
              title: 'Transparan',
              text: 'Ringkasan fakta utama (key fact statement) menampilkan APR, setiap biaya, dan total pembayaran sebelum Anda mengonfirmasi.',
            },
            safe: {
              title: 'Aman',
              text: 'Data Anda dienkripsi dan hanya digunakan untuk pinjaman Anda. Kami tidak pernah membaca kontak, riwayat panggilan, atau foto Anda.',
            },
          },
        },
        ID: {
          lead: 'Kami adalah layanan pinjaman online yang membantu para pekerja di Indonesia mendapatkan pinjaman pribadi dengan cepat, aman, dan dengan syarat yang jelas.',
          points: {
            fast: {
              title: 'Cepat',
              text: `Pinjam ${ID_ID.min} hingga ${ID_ID.max} dan terima dalam ${ID_ID.payout} setelah disetujui.`,
            },
            simple: {
              title: 'Mudah',
              text: 'Ajukan di aplikasi dalam beberapa menit, tanpa berkas dan tanpa datang ke kantor cabang.',
            },
            clear: {
              title: 'Transparan',
              text: 'Ringkasan informasi produk dan layanan (RIPLAY) menampilkan seluruh biaya dan total pembayaran sebelum Anda mengonfirmasi.',
            },
            safe: {
              title: 'Aman',
              text: 'Data Anda dienkripsi dan hanya digunakan untuk pinjaman Anda. Kami tidak pernah membaca kontak, riwayat panggilan, atau foto Anda.',
            },
          },
        },
      },
    },
  },
});

/** The selling points of about us, in the order shown. */
export const ABOUT_POINTS = ['fast', 'simple', 'clear', 'safe'] as const;
