import PhotoFiles
/// Reading what orders photos from their files (the shell's side of `PhotoOrder`).
extension PhotoOrder.Facts {
    /// The facts of the file at `path`: its EXIF date taken (JPEG, TIFF) and modification time; a
    /// file that cannot be opened has neither (no date, time 0: first among the dateless).
    package init(path: String) {
        guard let file = try? PhotoFile(path: path) else {
            self.init(dateTaken: nil, modificationTime: 0)
            return
        }
        self.init(dateTaken: DateTaken.read(file), modificationTime: file.modificationTime)
    }
}

extension PhotoSelection {
    /// The photos in `order` (they are listed in name order), the photo to open following its file.
    /// Name order reads no file; the date orders read each file's header.
    package mutating func arrange(by order: PhotoOrder) {
        guard order != .name else { return }
        let arranged = order.arrange(files.map { PhotoOrder.Facts(path: $0.path) })
        files = arranged.map { files[$0] }
        names = arranged.map { names[$0] }
        openIndex = openIndex.flatMap { arranged.firstIndex(of: $0) }
    }
}
