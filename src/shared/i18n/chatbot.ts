import { catalog } from './catalog.ts';
/**
 * FAQ chatbot copy. `messages` are shared by the server (record replies) and the screen; `screen` is
 * the chatbot page's own text.
 */
export const chatbot = catalog({
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
    screen: {
      title: 'Help assistant',
      greeting:
        "Hi! I'm your virtual assistant. Choose a topic below or type your question and I'll find an answer.",
      categories: 'Question topics',
      loadingTopics: 'Loading the question topics…',
      tabs: { account: 'Account', loan: 'Loan', repayment: 'Repayment', other: 'Other' },
      categoryIntro: 'Common questions about {{category}}:',
      categoryEmpty: 'There are no questions in this topic yet.',
      noAnswer: 'There is no written answer to this question yet. Tap "Contact CS" to ask our team.',
      conversation: 'Conversation',
      bot: 'Assistant',
      you: 'You',
      typing: 'The assistant is typing…',
      feedbackQuestion: 'Did this answer your question?',
      resolved: 'Resolved',
      notResolved: 'Not resolved',
      feedbackThanks: 'Thank you for your feedback.',
      contactCs: 'Contact CS',
      inputLabel: 'Your question',
      inputPlaceholder: 'Type your question',
      send: 'Send',
      rating: {
        title: 'Please rate this service',
        cancel: 'Cancel',
        send: 'Send',
        stars: {
          '1': '1 star: very poor',
          '2': '2 stars: poor',
          '3': '3 stars: fair',
          '4': '4 stars: good',
          '5': '5 stars: excellent',
        },
      },
      result: { title: 'Thank you', close: 'OK' },
      errors: {
        categories: 'The question topics could not be loaded.',
        reply: 'The reply could not be loaded.',
        questions: 'The questions about {{category}} could not be loaded.',
      },
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
    screen: {
      title: 'Asisten bantuan',
      greeting:
        'Halo! Saya asisten virtual Anda. Pilih topik di bawah atau ketik pertanyaan Anda, dan saya akan mencarikan jawabannya.',
      categories: 'Topik pertanyaan',
      loadingTopics: 'Memuat topik pertanyaan…',
      tabs: { account: 'Akun', loan: 'Pinjaman', repayment: 'Pelunasan', other: 'Lainnya' },
      categoryIntro: 'Pertanyaan umum tentang {{category}}:',
      categoryEmpty: 'Belum ada pertanyaan di topik ini.',
      noAnswer:
        'Belum ada jawaban tertulis untuk pertanyaan ini. Ketuk "Hubungi CS" untuk bertanya kepada tim kami.',
      conversation: 'Percakapan',
      bot: 'Asisten',
      you: 'Anda',
      typing: 'Asisten sedang mengetik…',
      feedbackQuestion: 'Apakah jawaban ini membantu?',
      resolved: 'Terselesaikan',
      notResolved: 'Belum Terselesaikan',
      feedbackThanks: 'Terima kasih atas masukan Anda.',
      contactCs: 'Hubungi CS',
      inputLabel: 'Pertanyaan Anda',
      inputPlaceholder: 'Ketik pertanyaan Anda',
      send: 'Kirim',
      rating: {
        title: 'Silakan nilai layanan ini',
        cancel: 'Batal',
        send: 'Kirim',
        stars: {
          '1': '1 bintang: sangat buruk',
          '2': '2 bintang: buruk',
          '3': '3 bintang: cukup',
          '4': '4 bintang: baik',
          '5': '5 bintang: sangat baik',
        },
      },
      result: { title: 'Terima kasih', close: 'OK' },
      errors: {
        categories: 'Topik pertanyaan tidak dapat dimuat.',
        reply: 'Balasan tidak dapat dimuat.',
        questions: 'Pertanyaan tentang {{category}} tidak dapat dimuat.',
      },
    },
  },
});
