import { catalog } from './catalog.ts';

/**
 * Copy of `/bindBank` (issue 29): until linking a bank account is built (with the identity work), the
 * route says honestly what it will be and how to reach customer service meanwhile, instead of "Page not
 * found". The `en` side is the reference shape; `id` has the same keys.
 */
export const bindBank = catalog({
  en: {
    title: 'Bank account',
    heading: 'Linking a bank account is not available in the app yet',
    text: 'Here you will add the bank account your loan is paid into, and change it when you need to. Until this screen is ready, our customer service can help you with your bank account.',
    unchanged: 'Nothing about your account or your loans has been changed.',
    contact: 'Contact customer service',
    home: 'Back to home',
  },
  id: {
    title: 'Rekening bank',
    heading: 'Menautkan rekening bank belum tersedia di aplikasi',
    text: 'Di sini nantinya Anda dapat menambahkan rekening bank tujuan pencairan pinjaman, dan menggantinya bila perlu. Sampai layar ini siap, layanan pelanggan kami dapat membantu Anda terkait rekening bank.',
    unchanged: 'Tidak ada yang diubah pada akun maupun pinjaman Anda.',
    contact: 'Hubungi layanan pelanggan',
    home: 'Kembali ke beranda',
  },
});
