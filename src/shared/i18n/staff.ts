import { catalog } from './catalog.ts';
/** Back-office messages the server sends (sign-in, session, permissions). Screen labels are in `admin`. */
export const staff = catalog({
  en: {
    errors: {
      // One answer for an unknown e-mail, a wrong password and a locked account (decision 022).
      badCredentials:
        'The e-mail or password is not right. After 5 failed sign-ins an account is locked for 15 minutes.',
      jsonOnly:
        'Sign-in takes a JSON request only (Content-Type: application/json). Please use the back-office sign-in page.',
      foreignSite: 'Please sign in on the back-office sign-in page, not from another site.',
      signInFirst: 'Please sign in.',
      csrf: 'This page is out of date. Please reload it and try again.',
      forbidden: 'Your role does not allow this.',
      replyEmpty: 'Please write a reply.',
      replyTooLong: 'The reply can be at most 1000 characters.',
      tooManyImages: 'A reply can have at most 9 images.',
      qaParent: 'Choose where this item belongs: a question under a category, an answer under a question.',
    },
  },
  id: {
    errors: {
      badCredentials:
        'E-mail atau kata sandi salah. Setelah 5 kali gagal masuk, akun dikunci selama 15 menit.',
      jsonOnly:
        'Masuk hanya menerima permintaan JSON (Content-Type: application/json). Silakan gunakan halaman masuk back office.',
      foreignSite: 'Silakan masuk melalui halaman masuk back office, bukan dari situs lain.',
      signInFirst: 'Silakan masuk.',
      csrf: 'Halaman ini sudah kedaluwarsa. Muat ulang lalu coba lagi.',
      forbidden: 'Peran Anda tidak mengizinkan tindakan ini.',
      replyEmpty: 'Silakan tulis balasan.',
      replyTooLong: 'Balasan paling banyak 1000 karakter.',
      tooManyImages: 'Balasan paling banyak memuat 9 gambar.',
      qaParent: 'Pilih letak item ini: pertanyaan di bawah kategori, jawaban di bawah pertanyaan.',
    },
  },
});
