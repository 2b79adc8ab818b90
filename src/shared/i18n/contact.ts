import { catalog } from './catalog.ts';
/** The official contact form of the marketing site (spec §2, §5; product brief §5). */
export const contact = catalog({
  en: {
    title: 'Contact us',
    name: 'Name',
    telephone: 'Telephone',
    email: 'E-mail (optional)',
    suggestion: 'Suggestion',
    submit: 'Submit',
    incomplete: 'Please provide complete information!',
    invalidEmail: 'Please enter a valid e-mail address.',
    invalidTelephone: 'Please enter a valid telephone number.',
    tooLong: 'The text is too long.',
    success: 'Thank you, your message has been sent.',
    sending: 'Sending…',
  },
  id: {
    title: 'Hubungi kami',
    name: 'Nama',
    telephone: 'Telepon',
    email: 'E-mail (opsional)',
    suggestion: 'Saran',
    submit: 'Kirim',
    incomplete: 'Mohon lengkapi semua informasi!',
    invalidEmail: 'Masukkan alamat e-mail yang valid.',
    invalidTelephone: 'Masukkan nomor telepon yang valid.',
    tooLong: 'Teks terlalu panjang.',
    success: 'Terima kasih, pesan Anda telah dikirim.',
    sending: 'Mengirim…',
  },
});
