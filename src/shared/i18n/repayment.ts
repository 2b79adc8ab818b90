import { catalog } from './catalog.ts';
/**
 * What the server writes for the repayment screens (issue 9): period and state descriptions, the
 * extension offer, pay instructions and refusals. The screens' own labels are in repayment-plan.ts and
 * repayment-pay.ts. The `en` side is the reference shape; `id` has the same keys.
 */
export const repayment = catalog({
  en: {
    period: {
      waiting: 'Due {{due}}',
      due: 'Due today',
      overdue_one: '{{count}} day late',
      overdue_other: '{{count}} days late',
      paid: 'Paid {{date}}',
    },
    parts: {
      principal: 'Principal',
      interest: 'Interest',
      fees: 'Fees',
      lateCharges: 'Late fee and charges',
    },
    note: 'Periods are paid in order: the first one waiting comes first. Late charges are paid before anything else.',
    earlyFrom: 'Paying the rest of the loan early is possible from {{date}}.',
    delay: {
      unavailable: 'This loan cannot be extended now. Extension is offered once a repayment is due.',
      rows: {
        amount: 'Loan amount',
        dueDate: 'Current due date',
        daysLate: 'Days late',
        lateCharges: 'Late charges so far',
        outstanding: 'Still to repay',
        orderNo: 'Order number',
      },
      extendNow: {
        title: 'Extend now',
        note: 'Pay the fee today. The due date moves to {{due}} and no late charges are added until then.',
      },
      payLate: {
        title: 'Pay late instead',
        note: 'Late charges you would owe by {{due}} on top of the loan, if nothing is paid until then.',
      },
    },
    purpose: {
      repay: 'Period {{from}}',
      // Not a plural (Indonesian has one form): a run of periods, from the first to the last.
      repayRange: 'Periods {{from}} to {{to}}',
      charges: 'Late charges',
      extension_one: 'Extension fee ({{count}} more day)',
      extension_other: 'Extension fee ({{count}} more days)',
      payoff: 'Exit this loan (cooling-off): pays it off',
    },
    payTypes: { '1': 'Bank transfer', '2': 'Mini market', '3': 'UPI' },
    // Who the steps name as the recipient when the market's company details are missing (they are seeded).
    payeeFallback: 'the lender named in your loan agreement',
    steps: {
      ATM: {
        name: 'ATM',
        steps: [
          'Insert your {{bank}} card and enter your PIN.',
          'Choose Other transactions, then Transfer, then Virtual account.',
          'Enter the virtual account number {{vcode}}.',
          'Check that the recipient is {{payee}} and the amount is {{amount}}, then confirm.',
          'Keep the receipt.',
        ],
      },
      MobileBank: {
        name: 'Mobile banking',
        steps: [
          'Open the {{bank}} mobile app and sign in.',
          'Choose Transfer, then Virtual account.',
          'Enter the virtual account number {{vcode}}.',
          'Check that the recipient is {{payee}} and the amount is {{amount}}, then confirm with your PIN.',
        ],
      },
      InternetBank: {
        name: 'Internet banking',
        steps: [
          'Sign in to {{bank}} internet banking.',
          'Choose Transfer, then Virtual account.',
          'Enter the virtual account number {{vcode}}.',
          'Check that the recipient is {{payee}} and the amount is {{amount}}, then confirm with your token.',
        ],
      },
      store: {
        name: 'At the counter',
        steps: [
          'Go to any {{bank}} store.',
          'Tell the cashier you want to pay a bill to {{payee}}, and show the pay code {{vcode}} or its barcode.',
          'Pay {{amount}} in cash.',
          'Keep the receipt.',
        ],
      },
      upi: {
        name: 'UPI',
        steps: [
          'Tap Open UPI app, or scan the QR code with any UPI app.',
          'Check that the payee is {{bank}} and the amount is {{amount}}.',
          'Approve with your UPI PIN.',
          'Paid from another device? Enter the 12-digit UTR from your receipt below.',
        ],
      },
    },
    state: {
      pending: 'We have not received this payment yet. A bank transfer can take a few minutes.',
      received: 'We received your payment and are checking it.',
      credited: 'Your payment is credited to your loan. Thank you!',
      rejected: 'This payment could not be matched to your bill.',
      expired: 'This code has expired. Get a new one to pay.',
    },
    reasons: {
      unmatched: 'The payment does not match a bill of ours. Our team is checking it.',
      underpaid: 'The amount paid is less than the bill. Our team will contact you.',
      overpaid: 'The amount paid is more than the bill. Our team will refund the difference.',
      expired: 'The code had expired when it was paid. Our team is checking the payment.',
      closed: 'The loan was already settled. Our team will refund this payment.',
      undecided: 'We received your payment. Our team is checking it and will credit it to your loan.',
      utrNotFound: 'No payment with this UTR was found. Check the 12 digits on your UPI app receipt.',
      utrUsed: 'This UTR has already been used for another bill.',
    },
    refusals: {
      notPayable: 'This loan has nothing to pay now.',
      noPlan: 'This loan has no repayment plan to show.',
      amountNotOffered: 'The amount to pay has changed. Please go back and choose again.',
      extensionUnavailable: 'This loan cannot be extended now.',
      payoffUnavailable:
        'The time to exit this loan has passed, so it can only be repaid as planned. Please go back to your loan.',
      payoffAmount: 'The amount to exit this loan has changed. Please go back to your loan and try again.',
      payTypeNotOffered: 'This way of paying is not available for your loan.',
      upiOnly: 'A UTR is only for UPI payments.',
      notInReview: 'This payment is not waiting for review.',
      badSignature: 'The callback signature is missing, expired or wrong.',
    },
  },
  id: {
    period: {
      waiting: 'Jatuh tempo {{due}}',
      due: 'Jatuh tempo hari ini',
      overdue_one: 'Terlambat {{count}} hari',
      overdue_other: 'Terlambat {{count}} hari',
      paid: 'Dibayar {{date}}',
    },
    parts: {
      principal: 'Pokok',
      interest: 'Bunga',
      fees: 'Biaya',
      lateCharges: 'Denda keterlambatan',
    },
    note: 'Cicilan dibayar berurutan, dimulai dari yang paling awal. Denda keterlambatan dibayar lebih dulu.',
    earlyFrom: 'Pelunasan lebih awal untuk sisa pinjaman dapat dilakukan mulai {{date}}.',
    delay: {
      unavailable:
        'Pinjaman ini belum dapat diperpanjang. Perpanjangan tersedia setelah tagihan jatuh tempo.',
      rows: {
        amount: 'Jumlah pinjaman',
        dueDate: 'Jatuh tempo saat ini',
        daysLate: 'Hari keterlambatan',
        lateCharges: 'Denda sejauh ini',
        outstanding: 'Sisa tagihan',
        orderNo: 'Nomor pesanan',
      },
      extendNow: {
        title: 'Perpanjang sekarang',
        note: 'Bayar biayanya hari ini. Jatuh tempo bergeser ke {{due}} dan tidak ada denda sampai tanggal itu.',
      },
      payLate: {
        title: 'Bayar terlambat',
        note: 'Denda yang harus Anda bayar di luar pinjaman sampai {{due}} bila belum ada pembayaran.',
      },
    },
    purpose: {
      repay: 'Cicilan ke-{{from}}',
      // Not a plural (Indonesian has one form): a run of periods, from the first to the last.
      repayRange: 'Cicilan ke-{{from}} sampai ke-{{to}}',
      charges: 'Denda keterlambatan',
      extension_other: 'Biaya perpanjangan ({{count}} hari)',
      payoff: 'Pembatalan pinjaman (masa pertimbangan): melunasi pinjaman',
    },
    payTypes: { '1': 'Transfer bank', '2': 'Minimarket', '3': 'UPI' },
    payeeFallback: 'pemberi pinjaman yang tertera di perjanjian pinjaman Anda',
    steps: {
      ATM: {
        name: 'ATM',
        steps: [
          'Masukkan kartu {{bank}} Anda dan ketik PIN.',
          'Pilih Transaksi lainnya, lalu Transfer, lalu Virtual account.',
          'Masukkan nomor virtual account {{vcode}}.',
          'Pastikan nama penerimanya {{payee}} dan jumlahnya {{amount}}, lalu konfirmasi.',
          'Simpan struknya.',
        ],
      },
      MobileBank: {
        name: 'Mobile banking',
        steps: [
          'Buka aplikasi {{bank}} dan masuk.',
          'Pilih Transfer, lalu Virtual account.',
          'Masukkan nomor virtual account {{vcode}}.',
          'Pastikan nama penerimanya {{payee}} dan jumlahnya {{amount}}, lalu konfirmasi dengan PIN.',
        ],
      },
      InternetBank: {
        name: 'Internet banking',
        steps: [
          'Masuk ke internet banking {{bank}}.',
          'Pilih Transfer, lalu Virtual account.',
          'Masukkan nomor virtual account {{vcode}}.',
          'Pastikan nama penerimanya {{payee}} dan jumlahnya {{amount}}, lalu konfirmasi dengan token.',
        ],
      },
      store: {
        name: 'Di kasir',
        steps: [
          'Datang ke gerai {{bank}} terdekat.',
          'Sampaikan ke kasir bahwa Anda ingin membayar tagihan {{payee}}, lalu tunjukkan kode bayar {{vcode}} atau barcode-nya.',
          'Bayar {{amount}} secara tunai.',
          'Simpan struknya.',
        ],
      },
      upi: {
        name: 'UPI',
        steps: [
          'Ketuk Buka aplikasi UPI, atau pindai kode QR dengan aplikasi UPI mana pun.',
          'Pastikan penerimanya {{bank}} dan jumlahnya {{amount}}.',
          'Setujui dengan PIN UPI Anda.',
          'Membayar dari perangkat lain? Masukkan 12 digit UTR dari struk Anda di bawah.',
        ],
      },
    },
    state: {
      pending: 'Pembayaran ini belum kami terima. Transfer bank bisa memerlukan beberapa menit.',
      received: 'Pembayaran Anda sudah kami terima dan sedang diperiksa.',
      credited: 'Pembayaran Anda sudah masuk ke pinjaman. Terima kasih!',
      rejected: 'Pembayaran ini tidak cocok dengan tagihan Anda.',
      expired: 'Kode ini sudah kedaluwarsa. Ambil kode baru untuk membayar.',
    },
    reasons: {
      unmatched: 'Pembayaran tidak cocok dengan tagihan kami. Tim kami sedang memeriksanya.',
      underpaid: 'Jumlah yang dibayar kurang dari tagihan. Tim kami akan menghubungi Anda.',
      overpaid: 'Jumlah yang dibayar lebih dari tagihan. Tim kami akan mengembalikan selisihnya.',
      expired: 'Kode sudah kedaluwarsa saat dibayar. Tim kami sedang memeriksa pembayarannya.',
      closed: 'Pinjaman sudah lunas. Tim kami akan mengembalikan pembayaran ini.',
      undecided:
        'Pembayaran Anda sudah kami terima. Tim kami sedang memeriksanya dan akan mengkreditkannya ke pinjaman Anda.',
      utrNotFound: 'Tidak ada pembayaran dengan UTR ini. Periksa 12 digit pada struk aplikasi UPI Anda.',
      utrUsed: 'UTR ini sudah dipakai untuk tagihan lain.',
    },
    refusals: {
      notPayable: 'Tidak ada yang perlu dibayar untuk pinjaman ini sekarang.',
      noPlan: 'Pinjaman ini tidak memiliki rencana pembayaran.',
      amountNotOffered: 'Jumlah yang harus dibayar sudah berubah. Silakan kembali dan pilih lagi.',
      extensionUnavailable: 'Pinjaman ini belum dapat diperpanjang.',
      payoffUnavailable:
        'Masa untuk membatalkan pinjaman ini sudah lewat, jadi pinjaman hanya dapat dibayar sesuai jadwal. Silakan kembali ke pinjaman Anda.',
      payoffAmount:
        'Jumlah untuk membatalkan pinjaman ini sudah berubah. Silakan kembali ke pinjaman Anda dan coba lagi.',
      payTypeNotOffered: 'Cara pembayaran ini tidak tersedia untuk pinjaman Anda.',
      upiOnly: 'UTR hanya untuk pembayaran UPI.',
      notInReview: 'Pembayaran ini tidak sedang menunggu pemeriksaan.',
      badSignature: 'Tanda tangan callback tidak ada, kedaluwarsa, atau salah.',
    },
  },
});
