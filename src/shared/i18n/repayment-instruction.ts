import { catalog } from './catalog.ts';

/**
 * Copy of the repayment instructions (`/repaymentInstruction`, issue 29): how to pay, per way of paying,
 * each market its own (Indonesia: bank virtual accounts by ATM, mobile and internet banking, and cash at a
 * mini market; India: UPI), in both languages: an Indonesian borrower reading English reads Indonesia's
 * ways, never India's. The banks and stores named come from the ways to pay (`pay-options.ts`). The `en`
 * side is the reference shape; `id` has the same keys.
 */
export const repaymentInstruction = catalog({
  en: {
    title: 'How to repay',
    methodsHeading: 'Ways to pay',
    banks: 'Banks: {{names}}',
    stores: 'Stores: {{names}}',
    tipsHeading: 'Good to know',
    loan: 'See loan details',
    help: 'A problem with a payment?',
    helpLink: 'Contact customer service',
    markets: {
      ID: {
        lead: 'You repay by bank transfer to a virtual account of your own, or in cash at a mini market. Open your bill in the app, tap Pay now and choose how you will pay: the payment page then shows your number or pay code and the exact amount.',
        methods: [
          {
            key: 'ATM',
            name: 'Bank virtual account at an ATM',
            list: 'banks',
            steps: [
              'On the payment page, choose Bank transfer, your bank and ATM, and note the virtual account number.',
              'At an ATM of that bank, insert your card and enter your PIN.',
              'Choose Other transactions, then Transfer, then Virtual account.',
              'Enter the virtual account number, check the amount and the recipient shown, then confirm.',
              'Keep the receipt until the payment shows on your loan.',
            ],
          },
          {
            key: 'MobileBank',
            name: 'Bank virtual account in mobile banking',
            list: 'banks',
            steps: [
              'On the payment page, choose Bank transfer, your bank and Mobile banking, and tap Copy beside the number.',
              'Open your bank’s app and sign in.',
              'Choose Transfer, then Virtual account, and paste the number.',
              'Check the amount and the recipient, then confirm with your PIN.',
            ],
          },
          {
            key: 'InternetBank',
            name: 'Bank virtual account in internet banking',
            list: 'banks',
            steps: [
              'On the payment page, choose Bank transfer, your bank and Internet banking, and copy the number.',
              'Sign in to your bank’s internet banking.',
              'Choose Transfer, then Virtual account, and enter the number.',
              'Check the amount and the recipient, then confirm with your token or one-time code.',
            ],
          },
          {
            key: 'store',
            name: 'Cash at a mini market',
            list: 'stores',
            steps: [
              'On the payment page, choose Mini market and the store, and keep the pay code or its barcode on screen.',
              'At the cashier, say you want to pay a bill and show the pay code or the barcode.',
              'Pay the amount shown, in cash.',
              'Keep the receipt until the payment shows on your loan.',
            ],
          },
        ],
        tips: [
          'Pay exactly the amount shown: a different amount cannot be matched to your bill by itself.',
          'Each number or pay code is for one bill. Pay it before the time shown on the payment page runs out; after that, get a new one there.',
          'Most payments show on your loan within minutes. The payment page checks by itself and tells you when yours is credited.',
          'We never ask for your PIN, password or one-time code. Do not give them to anyone.',
        ],
      },
      IN: {
        lead: 'You repay by UPI, from any UPI app: Google Pay, PhonePe, Paytm, BHIM or your bank’s app. Open your bill in the app and tap Pay now: the payment page shows a UPI request for the exact amount.',
        methods: [
          {
            key: 'upi',
            name: 'UPI on this phone',
            list: 'none',
            steps: [
              'On the payment page, tap Open UPI app and choose the app you pay with.',
              'Check that the payee and the amount in the UPI app are the ones on the payment page.',
              'Approve with your UPI PIN.',
              'Come back to this app: the payment page checks by itself and tells you when your payment is credited.',
            ],
          },
          {
            key: 'upiQr',
            name: 'UPI from another phone (QR code)',
            list: 'none',
            steps: [
              'Keep the payment page with its QR code open on this phone.',
              'Scan the QR code with the UPI app on the other phone.',
              'Check the payee and the amount, then approve with your UPI PIN.',
              'Enter the 12-digit UTR from that app’s receipt on the payment page and tap Send UTR.',
            ],
          },
          {
            key: 'utr',
            name: 'Paid already? Send the UTR',
            list: 'none',
            steps: [
              'Open the payment in your UPI app and find its 12-digit UTR (UPI reference number).',
              'On the payment page, enter it under UTR number and tap Send UTR: we match it to your bill.',
            ],
          },
        ],
        tips: [
          'Pay exactly the amount of the request: a different amount cannot be matched to your bill by itself.',
          'Each UPI request is for one bill and can be paid until the time shown on the payment page.',
          'Pay only through the payment page: money sent to another account or UPI ID does not reach your loan.',
          'Your UPI PIN is only for approving a payment in your UPI app. We never ask for it, nor for an OTP.',
        ],
      },
    },
  },
  id: {
    title: 'Petunjuk pembayaran',
    methodsHeading: 'Cara membayar',
    banks: 'Bank: {{names}}',
    stores: 'Gerai: {{names}}',
    tipsHeading: 'Perlu diketahui',
    loan: 'Lihat detail pinjaman',
    help: 'Ada masalah dengan pembayaran?',
    helpLink: 'Hubungi layanan pelanggan',
    markets: {
      ID: {
        lead: 'Anda membayar melalui transfer bank ke virtual account milik Anda sendiri, atau tunai di minimarket. Buka tagihan Anda di aplikasi, ketuk Bayar Segera, lalu pilih cara membayar: halaman pembayaran akan menampilkan nomor atau kode bayar Anda beserta jumlah yang tepat.',
        methods: [
          {
            key: 'ATM',
            name: 'Virtual account bank lewat ATM',
            list: 'banks',
            steps: [
              'Di halaman pembayaran, pilih Transfer bank, bank Anda, dan ATM, lalu catat nomor virtual account-nya.',
              'Di ATM bank tersebut, masukkan kartu dan ketik PIN.',
              'Pilih Transaksi lainnya, lalu Transfer, lalu Virtual account.',
              'Masukkan nomor virtual account, periksa jumlah dan nama penerima yang tampil, lalu konfirmasi.',
              'Simpan struknya sampai pembayaran tercatat pada pinjaman Anda.',
            ],
          },
          {
            key: 'MobileBank',
            name: 'Virtual account bank lewat mobile banking',
            list: 'banks',
            steps: [
              'Di halaman pembayaran, pilih Transfer bank, bank Anda, dan Mobile banking, lalu ketuk Salin di samping nomornya.',
              'Buka aplikasi bank Anda dan masuk.',
              'Pilih Transfer, lalu Virtual account, dan tempel nomornya.',
              'Periksa jumlah dan nama penerima, lalu konfirmasi dengan PIN.',
            ],
          },
          {
            key: 'InternetBank',
            name: 'Virtual account bank lewat internet banking',
            list: 'banks',
            steps: [
              'Di halaman pembayaran, pilih Transfer bank, bank Anda, dan Internet banking, lalu salin nomornya.',
              'Masuk ke internet banking bank Anda.',
              'Pilih Transfer, lalu Virtual account, dan masukkan nomornya.',
              'Periksa jumlah dan nama penerima, lalu konfirmasi dengan token atau kode sekali pakai.',
            ],
          },
          {
            key: 'store',
            name: 'Tunai di minimarket',
            list: 'stores',
            steps: [
              'Di halaman pembayaran, pilih Minimarket dan gerainya, lalu tampilkan kode bayar atau barcode-nya.',
              'Di kasir, sampaikan bahwa Anda ingin membayar tagihan, lalu tunjukkan kode bayar atau barcode tersebut.',
              'Bayar tunai sesuai jumlah yang tampil.',
              'Simpan struknya sampai pembayaran tercatat pada pinjaman Anda.',
            ],
          },
        ],
        tips: [
          'Bayar tepat sesuai jumlah yang tampil: jumlah yang berbeda tidak dapat dicocokkan dengan tagihan Anda secara otomatis.',
          'Setiap nomor atau kode bayar hanya untuk satu tagihan. Bayar sebelum batas waktu di halaman pembayaran habis; setelah itu, minta kode baru di sana.',
          'Sebagian besar pembayaran tercatat dalam beberapa menit. Halaman pembayaran memeriksanya sendiri dan memberi tahu Anda begitu pembayaran tercatat.',
          'Kami tidak pernah meminta PIN, kata sandi, atau kode OTP Anda. Jangan berikan kepada siapa pun.',
        ],
      },
      IN: {
        lead: 'Anda membayar dengan UPI, dari aplikasi UPI mana pun: Google Pay, PhonePe, Paytm, BHIM, atau aplikasi bank Anda. Buka tagihan Anda di aplikasi dan ketuk Bayar Segera: halaman pembayaran menampilkan permintaan UPI sebesar jumlah yang tepat.',
        methods: [
          {
            key: 'upi',
            name: 'UPI di ponsel ini',
            list: 'none',
            steps: [
              'Di halaman pembayaran, ketuk Buka aplikasi UPI dan pilih aplikasi yang Anda pakai.',
              'Pastikan penerima dan jumlah di aplikasi UPI sama dengan yang tampil di halaman pembayaran.',
              'Setujui dengan PIN UPI Anda.',
              'Kembali ke aplikasi ini: halaman pembayaran memeriksanya sendiri dan memberi tahu Anda begitu pembayaran tercatat.',
            ],
          },
          {
            key: 'upiQr',
            name: 'UPI dari ponsel lain (kode QR)',
            list: 'none',
            steps: [
              'Biarkan halaman pembayaran dengan kode QR-nya terbuka di ponsel ini.',
              'Pindai kode QR dengan aplikasi UPI di ponsel lain.',
              'Periksa penerima dan jumlahnya, lalu setujui dengan PIN UPI Anda.',
              'Masukkan UTR 12 digit dari bukti pembayaran aplikasi itu di halaman pembayaran, lalu ketuk Kirim UTR.',
            ],
          },
          {
            key: 'utr',
            name: 'Sudah membayar? Kirim UTR-nya',
            list: 'none',
            steps: [
              'Buka pembayaran di aplikasi UPI Anda dan temukan UTR 12 digit-nya (nomor referensi UPI).',
              'Di halaman pembayaran, masukkan UTR di kolom nomor UTR lalu ketuk Kirim UTR: kami mencocokkannya dengan tagihan Anda.',
            ],
          },
        ],
        tips: [
          'Bayar tepat sesuai jumlah permintaan: jumlah yang berbeda tidak dapat dicocokkan dengan tagihan Anda secara otomatis.',
          'Setiap permintaan UPI hanya untuk satu tagihan dan dapat dibayar sampai batas waktu di halaman pembayaran.',
          'Bayar hanya melalui halaman pembayaran: uang yang dikirim ke rekening atau UPI ID lain tidak masuk ke pinjaman Anda.',
          'PIN UPI hanya untuk menyetujui pembayaran di aplikasi UPI Anda. Kami tidak pernah memintanya, begitu juga kode OTP.',
        ],
      },
    },
  },
});
