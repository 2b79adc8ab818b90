import type { Market } from '../markets.ts';
import { type LegalDocument, section } from './legal-document.ts';

/*
 * LEGAL REVIEW NEEDED: drafted by engineering from the public text of India's Digital Personal Data
 * Protection Act, 2023 (the notice of its section 5, consent and its withdrawal of section 6, the rights of
 * sections 11 to 14) and the RBI's rules for a registered NBFC lending digitally, and of Indonesia's
 * Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi and OJK's rules for a licensed
 * LPBBTI provider (POJK 10/POJK.05/2022, POJK 22/2023). Counsel must approve both texts before they are
 * shown to visitors in production.
 *
 * What a visitor agrees to on the promotion landing (`#/agreementTemplate`, decision 034): registering an
 * account with a phone number, and the privacy notice for the data the landing collects. Unlike the loan
 * agreement (decision 025) there is one text per market, in the market's language, each written for its
 * own law: the landing speaks only the market's language (the template decides), and this is not a
 * translation of one text into the other. `{{appName}}` is the channel template's app name: the brand the
 * visitor saw, whose grievance and data-protection contacts the text points to.
 */
const PROMO_AGREEMENT: Record<Market, LegalDocument> = {
  IN: {
    market: 'IN',
    lang: 'en',
    governingLang: 'en',
    intro: [
      'By ticking the box on the registration page you create an account with {{appName}} and agree to these terms and to the privacy notice below. Loans in {{appName}} are made by a Non-Banking Financial Company registered with the Reserve Bank of India (RBI), named in the Key Fact Statement shown before you accept any loan. Registering does not apply for a loan and costs nothing.',
    ],
    sections: [
      section('1. Who may register', [
        'The service is only for individuals aged 18 or over who are resident in India and able to enter into a binding contract. Do not register if you are under 18. You may register only your own mobile number.',
      ]),
      section('2. Your account', [
        'Your account is identified by your mobile number, which you confirm with the one-time code we send by SMS. Keep the code to yourself: nobody from {{appName}} will ever ask you for it. You sign in to the {{appName}} app with the same number.',
        'A loan is offered only in the app, after you see its Key Fact Statement with the annual percentage rate and every charge, and only if you accept it there.',
      ]),
      section(
        '3. Privacy notice (Digital Personal Data Protection Act, 2023)',
        [
          'This notice tells you, as a Data Principal, what personal data we collect on this page, why, and how you can exercise your rights. We, the Data Fiduciary, are the company behind {{appName}}.',
          'The personal data we collect here:',
        ],
        [
          'your mobile number;',
          'the picture code and the SMS code you type, only to check them;',
          'a random identifier of this browser, kept on your device, and the kind of device (Android or iPhone);',
          'the campaign or partner link that brought you here.',
        ],
        [
          'We do not read your contacts, call logs, photos or other files, and this page does not ask for your date of birth, identity documents or location.',
        ],
      ),
      section(
        '4. Why we use it',
        ['We use this data only to:'],
        [
          'create your account and confirm that the mobile number is yours;',
          'protect the service from fraud and from abuse of the SMS codes;',
          'know which campaign or partner brought you, to measure and pay for our advertising;',
          'send you messages about your account and about loans you apply for in the app.',
        ],
        [
          'We keep it while your account is open, and afterwards only as long as the law, including the RBI’s record-keeping rules, requires. We do not sell it.',
        ],
      ),
      section('5. Your consent and how to withdraw it', [
        'We process this data on the basis of your consent, which you give by ticking the box. Your consent is free, specific to the purposes above, and you may withdraw it at any time, as easily as you gave it: in the app’s settings or by writing to the Grievance Officer below. After you withdraw it we stop processing your data for these purposes and delete it unless the law requires us to keep it. Withdrawal does not affect what was done before it, and without consent we cannot keep your account open.',
      ]),
      section(
        '6. Your rights',
        ['Under the Act you have the right to:'],
        [
          'a summary of the personal data we process and of whom we share it with;',
          'have it corrected, completed, updated or erased;',
          'have your grievances redressed by us;',
          'nominate a person to exercise your rights if you die or cannot act.',
        ],
        [
          'If you are not satisfied with our answer, you may complain to the Data Protection Board of India, and about a loan, to the RBI Integrated Ombudsman.',
        ],
      ),
      section('7. Grievance Officer', [
        'Grievance Officer, {{appName}}: write through “Help” in the {{appName}} app or to the grievance address shown in the app and on its website. We answer a grievance within 30 days.',
      ]),
      section('8. Law', [
        'These terms are governed by the laws of India. We will tell you in the app before we change them.',
      ]),
    ],
  },
  ID: {
    market: 'ID',
    lang: 'id',
    governingLang: 'id',
    intro: [
      'Dengan mencentang kotak di halaman pendaftaran, Anda membuat akun di {{appName}} dan menyetujui ketentuan pendaftaran serta pemberitahuan privasi di bawah ini. Layanan pendanaan di {{appName}} diselenggarakan oleh penyelenggara Layanan Pendanaan Bersama Berbasis Teknologi Informasi (LPBBTI) yang berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK). Pendaftaran tidak sama dengan pengajuan pinjaman dan tidak dipungut biaya.',
    ],
    sections: [
      section('Pasal 1. Siapa yang dapat mendaftar', [
        'Layanan ini hanya untuk warga negara Indonesia yang berusia 18 tahun atau lebih dan cakap hukum untuk membuat perjanjian. Jangan mendaftar jika Anda belum berusia 18 tahun. Anda hanya boleh mendaftarkan nomor ponsel milik Anda sendiri.',
      ]),
      section('Pasal 2. Akun Anda', [
        'Akun Anda dikenali dari nomor ponsel, yang Anda konfirmasi dengan kode sekali pakai yang kami kirim lewat SMS. Jangan berikan kode itu kepada siapa pun: petugas {{appName}} tidak akan pernah memintanya. Anda masuk ke aplikasi {{appName}} dengan nomor yang sama.',
        'Pinjaman hanya ditawarkan di aplikasi, setelah Anda membaca Ringkasan Informasi Produk dan Layanan (RIPLAY) beserta seluruh manfaat, biaya, dan risikonya, dan hanya jika Anda menyetujuinya di sana.',
      ]),
      section(
        'Pasal 3. Pemberitahuan pelindungan data pribadi (UU No. 27 Tahun 2022)',
        [
          'Sesuai Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP), kami sebagai pengendali data pribadi memberi tahu Anda, sebagai subjek data pribadi, data apa yang kami kumpulkan di halaman ini, untuk apa, dan bagaimana Anda menggunakan hak Anda.',
          'Data pribadi yang kami kumpulkan di sini:',
        ],
        [
          'nomor ponsel Anda;',
          'kode gambar dan kode SMS yang Anda ketik, hanya untuk diperiksa;',
          'tanda pengenal acak peramban ini, yang disimpan di perangkat Anda, dan jenis perangkat (Android atau iPhone);',
          'tautan kampanye atau mitra yang membawa Anda ke sini.',
        ],
        [
          'Kami tidak mengakses kontak, riwayat panggilan, foto, atau berkas lain di perangkat Anda, dan halaman ini tidak meminta tanggal lahir, dokumen identitas, atau lokasi Anda.',
        ],
      ),
      section(
        'Pasal 4. Tujuan pemrosesan',
        ['Data tersebut hanya kami proses untuk:'],
        [
          'membuat akun Anda dan memastikan nomor ponsel itu milik Anda;',
          'melindungi layanan dari penipuan dan penyalahgunaan kode SMS;',
          'mengetahui kampanye atau mitra yang membawa Anda, untuk mengukur dan membayar iklan kami;',
          'mengirim pemberitahuan tentang akun Anda dan pinjaman yang Anda ajukan di aplikasi.',
        ],
        [
          'Data disimpan selama akun Anda aktif, dan sesudahnya hanya selama diwajibkan oleh peraturan perundang-undangan, termasuk ketentuan OJK. Kami tidak menjual data Anda.',
        ],
      ),
      section('Pasal 5. Persetujuan dan penarikannya', [
        'Dasar pemrosesan data ini adalah persetujuan yang Anda berikan dengan mencentang kotak. Anda dapat menarik kembali persetujuan itu kapan saja, semudah memberikannya: melalui pengaturan di aplikasi atau dengan menghubungi pejabat pelindungan data pribadi di bawah ini. Kami menghentikan pemrosesan paling lambat 3 × 24 jam sejak permintaan Anda kami terima, lalu menghapus data Anda kecuali jika peraturan mewajibkan kami menyimpannya. Penarikan tidak membatalkan pemrosesan sebelumnya, dan tanpa persetujuan akun Anda tidak dapat dipertahankan.',
      ]),
      section(
        'Pasal 6. Hak Anda sebagai subjek data pribadi',
        ['Berdasarkan UU PDP, Anda berhak:'],
        [
          'mendapatkan informasi tentang identitas kami, tujuan, dan dasar pemrosesan data Anda;',
          'mengakses dan memperoleh salinan data pribadi Anda;',
          'memperbarui dan memperbaiki data yang salah atau tidak lengkap;',
          'meminta penghapusan atau pemusnahan data Anda;',
          'menunda atau membatasi pemrosesan, dan mengajukan keberatan atas keputusan yang hanya didasarkan pada pemrosesan otomatis;',
          'menggugat dan menerima ganti rugi atas pelanggaran pemrosesan data Anda.',
        ],
        ['Jika tidak puas dengan tanggapan kami, Anda dapat mengadu kepada OJK melalui Kontak OJK 157.'],
      ),
      section('Pasal 7. Pejabat pelindungan data pribadi', [
        'Pejabat pelindungan data pribadi {{appName}}: hubungi melalui menu “Bantuan” di aplikasi {{appName}} atau alamat pengaduan yang tercantum di aplikasi dan situs webnya. Permintaan akses, penarikan persetujuan, dan pembatasan pemrosesan kami tindak lanjuti paling lambat 3 × 24 jam.',
      ]),
      section('Pasal 8. Hukum yang berlaku', [
        'Ketentuan ini tunduk pada hukum Negara Republik Indonesia. Kami memberi tahu Anda di aplikasi sebelum mengubahnya.',
      ]),
    ],
  },
};

const fill = (text: string, appName: string) => text.replace(/\{\{appName\}\}/g, appName);

/**
 * The registration agreement and privacy notice of a market, with the template's app name in its
 * contacts. Each market has one text, in its own language, under its own law.
 */
export function promoAgreement(market: Market, appName: string): LegalDocument {
  const doc = PROMO_AGREEMENT[market];
  const name = appName.trim() || (market === 'IN' ? 'the app' : 'aplikasi');
  const all = (list: readonly string[]) => list.map((t) => fill(t, name));
  return {
    ...doc,
    intro: all(doc.intro),
    sections: doc.sections.map((s) => ({
      heading: fill(s.heading, name),
      paragraphs: all(s.paragraphs),
      list: all(s.list),
      after: all(s.after),
    })),
  };
}
