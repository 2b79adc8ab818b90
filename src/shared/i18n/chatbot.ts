/** FAQ chatbot copy. `messages` are shared by the server (record replies) and the screen. */
export const chatbot = {
  en: {
    messages: {
      textEmpty: 'Please type your question.',
      pickStars: 'Please choose a rating.',
      thanks: 'Thank you for your feedback! We will keep improving our service.',
      notResolved: 'Sorry we could not help with that. Tap "Contact CS" to write to our team.',
      handOver: 'We are opening the complaint form so our team can help you.',
      matches: 'These questions may help:',
      noMatch: 'I could not find an answer to that. Would you like to contact customer service?',
      rated: 'Thank you! Opening the app store so you can rate us.',
    },
  },
  id: {
    messages: {
      textEmpty: 'Silakan ketik pertanyaan Anda.',
      pickStars: 'Silakan pilih',
      thanks: 'Terima kasih atas masukan Anda! Kami akan terus meningkatkan layanan kami.',
      notResolved: 'Maaf, kami belum bisa membantu. Ketuk "Hubungi CS" untuk menulis ke tim kami.',
      handOver: 'Kami membuka formulir pengaduan agar tim kami dapat membantu Anda.',
      matches: 'Pertanyaan berikut mungkin membantu:',
      noMatch: 'Saya tidak menemukan jawabannya. Ingin menghubungi layanan pelanggan?',
      rated: 'Terima kasih! Membuka toko aplikasi agar Anda dapat menilai kami.',
    },
  },
} as const;
