import Foundation

/// The Typst file the PDF is laid out with: the built-in `book.typ` (a resource beside the
/// Mustache templates), or the file `--template` names. docs/pdf.md documents what it receives.
struct TypstTemplate {
    /// How messages name it: the user's path, or "the built-in book.typ".
    let name: String
    let text: String

    static let fileName = "book.typ"

    var isBuiltIn: Bool { name == "the built-in \(Self.fileName)" }

    /// The pictures Typst prints: PNG, JPEG, GIF and WebP (not AVIF).
    static let pictureTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// The built-in template, or the user's file; a folder or a file that is not UTF-8 text is
    /// a `TemplateProblem` (exit 2, before any recipe is read).
    static func load(_ user: URL?) throws -> TypstTemplate {
        guard let user else {
            let file = try CookbookTemplates.builtInFolder().appendingPathComponent(fileName)
            return TypstTemplate(name: "the built-in \(fileName)", text: try String(contentsOf: file, encoding: .utf8))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: user.path, isDirectory: &isFolder) else {
            throw TemplateProblem("--template \(user.path) does not exist: for --format pdf it names a Typst file, such as \(fileName).")
        }
        guard !isFolder.boolValue else {
            throw TemplateProblem("""
                --template \(user.path) is a folder: for --format pdf it names a Typst file, such as \(fileName) \
                (folders of Mustache templates are for --format cookbook).
                """)
        }
        guard let data = FileManager.default.contents(atPath: user.path), let text = String(data: data, encoding: .utf8) else {
            throw TemplateProblem("The template \(user.path) cannot be read as UTF-8 text.")
        }
        return TypstTemplate(name: user.path, text: text)
    }

    /// Typst's error as a sentence for the user: where it is in the template (Typst names the
    /// copy in the book's folder), and its hints.
    func explain(_ failure: TypstFailure, book folder: URL) -> String {
        var message = failure.message.replacingOccurrences(of: folder.path + "/", with: "")
        if !isBuiltIn {
            message = message.replacingOccurrences(of: "─ \(Self.fileName):", with: "─ \(name):")
        }
        let hints = failure.hints.map { "\nhint: \($0)" }.joined()
        return "Typst could not lay out the book with \(name): \(message)\(hints)"
    }
}
