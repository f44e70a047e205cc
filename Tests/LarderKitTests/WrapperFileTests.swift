import Foundation
import Testing
import TestSupport

/// The C libraries' pointers stay in the files that wrap them: LarderNet and LarderArchive are
/// wrappers through and through; in LarderHTML only the libxml2 wrapper files (the document, one
/// node, the one tree walker, the streaming reader, the encoding converter, the error counter, the
/// streaming XML reader sitemaps are read with) touch libxml2's tree, and the scraper walks pages
/// through them; in LarderKit only the SQLite wrapper and the folder reader do.
struct WrapperFileTests {
    /// Marks of code that holds a C library's pointer or module.
    static let pointerWords = [".pointee", "xmlNodePtr", "xmlDocPtr", "OpaquePointer", "import CLibXML2", "import CCurl",
                               "import CArchive", "import CSQLite"]
    /// Modules that are wrappers of a C library as a whole.
    static let wrapperModules = ["LarderNet/", "LarderArchive/"]
    static let wrapperFiles: Set<String> = [
        "LarderHTML/HTMLDocument.swift", "LarderHTML/HTMLElement.swift", "LarderHTML/HTMLWalk.swift", "LarderHTML/MarkupStream.swift",
        "LarderHTML/MarkupEncoding.swift", "LarderHTML/ParseReports.swift",
        "LarderHTML/XMLStreamReader.swift",
        "LarderKit/Index/SQLiteDatabase.swift", "LarderKit/Files/FolderListing.swift",
    ]

    @Test func pointersStayInTheWrapperFiles() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var holders: [String] = []
        for case let file as URL in walker where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard !Self.wrapperModules.contains(where: relative.hasPrefix) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let found = Self.pointerWords.filter { text.contains($0) }
            if found.isEmpty { continue }
            holders.append(relative)
            #expect(Self.wrapperFiles.contains(relative), "\(relative) holds \(found): C pointers belong in a wrapper file")
        }
        #expect(!holders.isEmpty, "the wrapper files were not found under \(sources.path)")
    }
}
