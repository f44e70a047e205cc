import Foundation
import LarderArchive
import LarderHTML
import LarderNet
import Testing
import TestSupport

/// Each C library is linked and really called, so a broken link step fails here first.
struct CLibraryLinkTests {
    @Test func libxml2ParsesBrokenHTMLWithoutTheNetwork() throws {
        let page = try HTMLDocument(html: "<html><head><title> Pancakes </title></head><body><ul><li>1 egg<li>200 ml milk</ul><p>unclosed")
        #expect(page.title == "Pancakes")
        #expect(page.texts(matching: "//li") == ["1 egg", "200 ml milk"])
    }

    @Test func libxml2RefusesAnEmptyPage() {
        #expect(throws: HTMLDocument.ParseError.self) { try HTMLDocument(data: Data()) }
    }

    @Test func libcurlReportsItsVersionAndHTTPS() {
        #expect(CurlRuntime.version.hasPrefix("libcurl/"))
        #expect(CurlRuntime.supports(protocol: "https"))
        #expect(CurlRuntime.supports(protocol: "http"))
    }

    @Test func libarchiveWritesAndReadsBackATarGz() throws {
        let scratch = try ScratchFolder()
        let archive = scratch.path("tiny.tar.gz").path
        let writer = try ArchiveWriter(path: archive, format: .tarGzip)
        try writer.addFile("recipes/a.json", contents: Data("{\"title\":\"A\"}".utf8))
        try writer.addFile("images/a/1.png", contents: Data([0x89, 0x50, 0x4E, 0x47]))
        try writer.close()

        let reader = try ArchiveReader(path: archive)
        var seen: [String: Data] = [:]
        while let entry = try reader.nextEntry() {
            #expect(entry.kind == .file)
            seen[entry.path ?? "?"] = try reader.readData(limit: 1024)
        }
        #expect(seen == ["recipes/a.json": Data("{\"title\":\"A\"}".utf8), "images/a/1.png": Data([0x89, 0x50, 0x4E, 0x47])])
    }

    @Test func libarchiveStopsAnEntryThatExpandsPastTheLimit() throws {
        let scratch = try ScratchFolder()
        let archive = scratch.path("bomb.tar.gz").path
        let writer = try ArchiveWriter(path: archive, format: .tarGzip)
        try writer.addFile("zeros.bin", contents: Data(count: 200_000))
        try writer.close()
        let reader = try ArchiveReader(path: archive)
        _ = try reader.nextEntry()
        #expect(throws: ArchiveError.self) { try reader.readData(limit: 100_000) }
    }

    @Test func theSameFilesGiveTheSameArchiveBytes() throws {
        let scratch = try ScratchFolder()
        for name in ["one.tar.gz", "two.tar.gz"] {
            let writer = try ArchiveWriter(path: scratch.path(name).path, format: .tarGzip)
            try writer.addFile("recipes/a.json", contents: Data("same".utf8))
            try writer.close()
        }
        #expect(try Data(contentsOf: scratch.path("one.tar.gz")) == Data(contentsOf: scratch.path("two.tar.gz")))
    }
}
