import Foundation
import LarderCore
import Mustache

/// The Mustache templates the printable cookbook is rendered with: the built-in design shipped
/// as a resource, with any file of a user's `--template` folder replacing the one of the same
/// name (so restyling can be one `style.mustache`). docs/cookbook-templates.md documents them.
enum CookbookTemplates {
    /// The template the whole book is rendered with; the others are its partials.
    static let main = "cookbook"

    static func library(userFolder: URL?) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, file) in try templateFiles(in: try builtInFolder()) {
            try register(file, as: name, in: &library)
        }
        if let userFolder {
            let files = try templateFiles(in: userFolder)
            guard !files.isEmpty else {
                throw TemplateProblem("The template folder \(userFolder.path) has no .mustache files; a template folder holds cookbook.mustache, recipe.mustache and style.mustache, or any of them.")
            }
            for (name, file) in files { try register(file, as: name, in: &library) }
        }
        return library
    }

    /// The `.mustache` files directly in `folder`, by template name.
    static func templateFiles(in folder: URL) throws -> [(String, URL)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw TemplateProblem("--template \(folder.path) is not a folder of templates: name a folder of .mustache files.")
        }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { ($0.deletingPathExtension().lastPathComponent, $0) }
    }

    private static func register(_ file: URL, as name: String, in library: inout MustacheLibrary) throws {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw TemplateProblem("The template \(file.path) cannot be read as UTF-8 text.")
        }
        do {
            try library.register(text, named: name)
        } catch {
            throw TemplateProblem("The template \(file.path) is not valid Mustache: \(TemplateSyntax.describe(error, in: text)).")
        }
    }

    /// The built-in templates. SwiftPM's `Bundle.module` stops the program when the resource
    /// bundle is missing (a binary copied without the folder beside it), so the usual places are
    /// looked at first and that case stays an error message.
    static func builtInFolder() throws -> URL {
        let bundleName = "Larder_LarderKit.resources"
        var candidates = [Bundle.main.bundleURL.appendingPathComponent(bundleName)]
        if let executable = Platform.runningProgram {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(bundleName))
        }
        for bundle in candidates {
            let folder = bundle.appendingPathComponent("Templates")
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(main).mustache").path) { return folder }
        }
        if let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) { return folder }
        throw CookbookError("the built-in cookbook templates are missing: keep the \(bundleName) folder beside the larder program")
    }
}

/// A cookbook that cannot be made as asked (a template folder that is not one, a bad template).
public struct CookbookError: DescribedError {
    public let description: String
    init(_ description: String) { self.description = description }
}
