import Foundation
import LarderCore

/// One recipe format, described once: its name on the command line, how a file of it is
/// recognised (by name and by bytes), how it is read, how it is written and laid out on disk,
/// and what it has no place for. Each format is a static value in its own folder
/// (`Formats/Paprika/PaprikaFormat.swift`) and one line of `FormatRegistry.all`, from which
/// the file reader, the export and the CLI's `--from`, `--format` and their help are made.
public struct RecipeFormat: Sendable {
    /// The value of `--from` and `--format`: `paprika`.
    public let name: String
    /// The name people know it by, as the notes of a run say it: `Paprika`.
    public let title: String
    public let recognition: FormatRecognition
    /// How its inputs are read; nil for a format Larder only writes (the printable cookbook).
    public let reader: FormatReader?
    /// How it is written; nil for a format Larder only reads (Mealie).
    public let writer: FormatWriter?

    public init(name: String, title: String, recognition: FormatRecognition = FormatRecognition(),
                reader: FormatReader? = nil, writer: FormatWriter? = nil) {
        self.name = name
        self.title = title
        self.recognition = recognition
        self.reader = reader
        var writer = writer
        writer?.format = (name, title)
        self.writer = writer
    }
}

/// Formats are told apart by name: two descriptions with one name cannot both be registered.
extension RecipeFormat: Hashable, CustomStringConvertible {
    public static func == (lhs: RecipeFormat, rhs: RecipeFormat) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }
}
