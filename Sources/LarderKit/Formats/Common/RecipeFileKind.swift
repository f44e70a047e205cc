import Foundation
import LarderCore

/// What one file (on disk or inside an archive) is: a recipe file of a format, an archive to
/// walk, a picture to pair with the recipe beside it, or none of these. Which format is the
/// registry's to say (`FormatRegistry.recognise`); archives and pictures are the input's
/// containers and companions, the same for every format.
enum RecipeFileKind: Equatable {
    case recipe(RecipeFormat)
    case archive
    case image
    case other

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif"]
    static let archiveSuffixes = [".zip", ".tar.gz", ".tgz", ".tar.zst", ".tzst", ".tar.xz", ".txz", ".tar"]

    /// An archive or a picture, from the name alone, for files that may not need reading.
    static func container(byName name: String) -> RecipeFileKind? {
        let lower = name.lowercased()
        let ext = (lower as NSString).pathExtension
        if archiveSuffixes.contains(where: lower.hasSuffix)
            || FormatRegistry.fileFormats.contains(where: { $0.recognition.archiveExtensions.contains(ext) }) { return .archive }
        if imageExtensions.contains(ext) { return .image }
        return nil
    }

    /// From the name, else from the bytes: a format that claims the name decides by name
    /// and bytes; else zip, zstd and xz magic make an archive; else the bytes pick a format.
    static func of(_ file: RecipeFile) -> RecipeFileKind {
        if let kind = container(byName: file.name) { return kind }
        if FormatRegistry.readsFile(named: file.name), let format = FormatRegistry.recognise(file) { return .recipe(format) }
        let head = [UInt8](file.data.prefix(4))
        // zip, and zstd and xz: the compressions Larder's own exports use besides gzip.
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x28, 0xB5, 0x2F, 0xFD])
            || head.starts(with: [0xFD, 0x37, 0x7A, 0x58]) { return .archive }
        return FormatRegistry.recognise(file).map(RecipeFileKind.recipe) ?? .other
    }

    /// What a file is when `--from` names `format`: archives and pictures stay what they are;
    /// the rest is read as the registry says `format` asks (`FormatRegistry.format(for:forced:)`).
    static func of(_ file: RecipeFile, forced format: RecipeFormat) -> RecipeFileKind {
        let natural = of(file)
        if natural == .archive || natural == .image { return natural }
        return FormatRegistry.format(for: file, forced: format).map(RecipeFileKind.recipe) ?? natural
    }
}
