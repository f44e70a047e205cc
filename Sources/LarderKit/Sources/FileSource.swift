import Foundation
import LarderCore
import LarderHTML

/// Recipes from files and folders. Folders are walked recursively (in name order, hidden files
/// left out); a file named directly is read whatever its extension, a file found in a folder
/// only when it is a recipe file Larder reads (`.json`, `.jsonld`, `.html`, `.htm`). Saved web
/// pages are scraped (`RecipeScraper`); a file named directly is taken as HTML when its first
/// character is `<`.
public struct FileSource: RecipeSource {
    public let path: String
    public var name: String { path }
    /// Files bigger than this are refused rather than read into memory.
    public var maxFileBytes = 64 * 1024 * 1024
    static let recipeExtensions: Set<String> = ["json", "jsonld", "html", "htm", "xhtml"]
    static let htmlExtensions: Set<String> = ["html", "htm", "xhtml"]
    /// The address of a saved page when the page does not name it (its canonical link or
    /// og:url win).
    public var pageURL: URL?

    public init(path: String, pageURL: URL? = nil) {
        self.path = path
        self.pageURL = pageURL
    }

    public func read(_ emit: (SourceEvent) async throws -> Void) async throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            try await emit(.failed(input: path, item: nil, reason: "no such file or folder"))
            return
        }
        if !isFolder.boolValue {
            try await readFile(URL(fileURLWithPath: path), input: path, emit)
            return
        }
        let folder = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        for file in try files(in: folder) {
            // Name files the way the user named the folder: `Samples/a.json`, not an absolute path.
            let relative = file.standardizedFileURL.path.dropFirst(folder.path.count).drop(while: { $0 == "/" })
            let input = (path.hasSuffix("/") ? path : path + "/") + relative
            if Self.recipeExtensions.contains(file.pathExtension.lowercased()) {
                try await readFile(file, input: input, emit)
            } else {
                try await emit(.skipped(input: input, item: nil, reason: "not a recipe file Larder reads (.\(file.pathExtension))"))
            }
        }
    }

    func files(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var result: [URL] = []
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result.append(file)
        }
        return result.sorted { $0.path < $1.path }
    }

    func readFile(_ file: URL, input: String, _ emit: (SourceEvent) async throws -> Void) async throws {
        let data: Data
        do {
            let size = (try file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            guard size <= maxFileBytes else {
                try await emit(.failed(input: input, item: nil, reason: "the file is \(size / 1_048_576) MB, more than the \(maxFileBytes / 1_048_576) MB Larder reads"))
                return
            }
            data = try Data(contentsOf: file)
        } catch {
            try await emit(.failed(input: input, item: nil, reason: "cannot read the file: \(error.localizedDescription)"))
            return
        }
        if Self.htmlExtensions.contains(file.pathExtension.lowercased()) || Self.looksLikeMarkup(data) {
            do {
                let recipe = try RecipeScraper.scrape(html: data, url: pageURL, input: input)
                try await emit(.recipe(recipe, input: input, item: nil))
            } catch {
                try await emit(.failed(input: input, item: nil, reason: String(describing: error)))
            }
            return
        }
        let context = MappingContext(input: input)
        for mapped in RecipeJSON.read(data, context: context) {
            switch mapped.result {
            case .success(let recipe):
                try await emit(.recipe(recipe, input: input, item: mapped.label))
            case .failure(let error):
                try await emit(.failed(input: input, item: mapped.label == input ? nil : mapped.label, reason: error.description))
            }
        }
    }

    /// The first character that is not white space (after a byte-order mark) is `<`.
    static func looksLikeMarkup(_ data: Data) -> Bool {
        firstSignificantByte(of: data) == UInt8(ascii: "<")
    }

    /// The first byte after a UTF-8 byte-order mark and white space, within the first KB: what
    /// tells a page (`<`) from JSON (`{`, `[`).
    static func firstSignificantByte(of data: Data) -> UInt8? {
        var bytes = data.prefix(1024)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
    }
}
