import Foundation
import LarderCore

/// Why a file named directly is none of the formats Larder reads, when neither its name nor its
/// first bytes say what it is and it is not JSON either: the formats it was looked at as, and
/// how it begins. Read as JSON, such a file failed with "not valid JSON (unexpected character
/// at line 1, column 1)", which named neither the formats tried nor the file's text.
enum UnrecognisedFile {
    /// Whether a file of these first bytes should still be read as JSON, so that its error
    /// says where the JSON goes wrong: it starts like JSON, or holds nothing but space.
    static func mayBeJSON(_ head: Data) -> Bool {
        guard let first = FileSource.firstSignificantByte(of: head) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The reason for the report: `name` is the file's name, `path` as the user gave it,
    /// `head` its first bytes.
    static func reason(name: String, path: String, head: Data) -> String {
        let file = RecipeFile(name: name, data: head)
        let ext = file.pathExtension
        // The formats that look into files of this extension (a Meal-Master `.txt`); for
        // another extension, or none, every format was asked by its bytes.
        let lookedInto = FormatRegistry.fileFormats.filter { !ext.isEmpty && $0.recognition.lookedIntoExtensions.contains(ext) }.map(\.title)
        let tried = lookedInto.isEmpty ? "any format Larder recognises by its first bytes" : lookedInto.joined(separator: " or ")
        var reason = "not \(tried), and not JSON"
        if let start = beginning(of: file.text) { reason += " (it begins \"\(start)\")" }
        if listsWebAddresses(file.text) {
            reason += "; it lists web addresses: import them with --from-file \(path)"
        } else {
            reason += "; --from FORMAT reads it as one format"
        }
        return reason
    }

    /// The first line with text, shortened, without control characters (the file is anyone's).
    static func beginning(of text: String) -> String? {
        guard let line = text.split(whereSeparator: \.isNewline).lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else { return nil }
        let printable = String(String.UnicodeScalarView(line.unicodeScalars.filter { !$0.properties.generalCategory.isControlOrFormat }))
        return printable.count > 40 ? String(printable.prefix(40)) + "…" : printable
    }

    /// Every line with text (but `#` comments) is a web address: a list for `--from-file`.
    static func listsWebAddresses(_ text: String) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return !lines.isEmpty && lines.allSatisfy { $0.lowercased().hasPrefix("http://") || $0.lowercased().hasPrefix("https://") }
    }
}

private extension Unicode.GeneralCategory {
    var isControlOrFormat: Bool { self == .control || self == .format }
}
