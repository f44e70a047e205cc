extension RecipeFormat {
    /// A Larder backup (`larder export --format json --output X.tar.gz`) or a library folder:
    /// restored whole by `LibraryRestore` — every entry checked before anything enters the
    /// library, a report entry per recipe —, never read file by file.
    public static let bundle: RecipeFormat = RecipeFormat(
        name: "bundle",
        title: "Larder backup",
        recognition: FormatRecognition(wholeInput: { LibraryRestore.isRestorable($0) }),
        reader: FormatReader(
            help: "backups written by `larder export --format json --output X.tar.gz` (also .tgz, .tar.zst, .tar.xz, .zip; checked whole before anything is restored, every recipe reported) and library folders (a folder with recipes/ and manifest.jsonl, restored the same way)",
            method: .restore)
    )
}
