/**
 * Complaint copy. `messages` are shared by the server (error replies) and the screens (checks before
 * sending); the spec's exact strings are kept where it gives them (§5, §8).
 */
export const complaints = {
  en: {
    messages: {
      detailEmpty: 'Please fill in your comments and suggestions.',
      detailTooLong: 'Your comments can be at most 200 characters.',
      collectionNotAllowed: 'The selected order does not support sending collection types.',
      typeInvalid: 'Please choose a question type.',
      subTypeInvalid: 'Please choose a question sub-type.',
      tooManyImages: 'You can add up to 9 images.',
      imageMissing: 'Please choose an image to upload.',
      imageInvalid: 'Only JPEG, PNG or WebP images can be uploaded.',
      imageTooLarge: 'Each image can be at most 5 MB.',
      imageTooManyPixels: 'This image is too large. Please choose a smaller one.',
      uploadSuccess: 'Upload succeeded!',
      sent: 'Successfully Sent',
      sentText: 'We have received your comments and will handle them within 3 weekdays.',
      ratingNotDue: 'This complaint is not waiting for a rating.',
      pickStars: 'Please choose a rating.',
      ratingThanks: 'Thank you for rating our service!',
    },
    status: { processing: 'Processing', processed: 'Processed' },
  },
  id: {
    messages: {
      detailEmpty: 'Silakan isi komentar dan saran Anda.',
      detailTooLong: 'Komentar Anda paling banyak 200 karakter.',
      collectionNotAllowed: 'Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan.',
      typeInvalid: 'Silakan pilih jenis pertanyaan.',
      subTypeInvalid: 'Silakan pilih sub-jenis pertanyaan.',
      tooManyImages: 'Anda dapat menambahkan paling banyak 9 gambar.',
      imageMissing: 'Silakan pilih gambar untuk diunggah.',
      imageInvalid: 'Hanya gambar JPEG, PNG, atau WebP yang dapat diunggah.',
      imageTooLarge: 'Ukuran setiap gambar paling besar 5 MB.',
      imageTooManyPixels: 'Gambar ini terlalu besar. Silakan pilih gambar yang lebih kecil.',
      uploadSuccess: 'Unggahan berhasil!',
      sent: 'Berhasil Dikirim',
      sentText: 'Kami telah menerima komentar Anda dan akan menanganinya dalam 3 hari kerja.',
      ratingNotDue: 'Pengaduan ini tidak sedang menunggu penilaian.',
      pickStars: 'Silakan pilih',
      ratingThanks: 'Terima kasih telah menilai layanan kami!',
    },
    status: { processing: 'Sedang diproses', processed: 'Selesai diproses' },
  },
} as const;
