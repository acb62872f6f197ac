/// Reading what orders photos from their files (the shell's side of `PhotoOrder`).
extension PhotoOrder.Facts {
    /// The facts of the file at `path`: its EXIF date taken (JPEG, TIFF) and modification time; a
    /// file that cannot be opened has neither (no date, time 0: first among the dateless).
    init(path: String) {
        guard let file = try? PhotoFile(path: path) else {
            self.init(dateTaken: nil, modificationTime: 0)
            return
        }
        self.init(dateTaken: DateTaken.read(file), modificationTime: file.modificationTime)
    }
}
