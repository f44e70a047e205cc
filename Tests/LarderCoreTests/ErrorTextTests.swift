import Foundation
import LarderCore
import Testing
import TestSupport

/// Foundation's errors as people read them: the path, what is wrong, what to do — never
/// `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}`.
struct ErrorTextTests {
    /// The error Foundation throws for `body`.
    func foundationError(_ body: () throws -> Void) -> Error? {
        do { try body() } catch { return error }
        return nil
    }

    func expectPlain(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw in ["Error Domain=", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "UserInfo=", "(null)"] {
            #expect(!text.contains(raw), "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func aFolderUnderAFileNamesTheFileInTheWay() throws {
        let scratch = try ScratchFolder()
        let file = scratch.path("library")
        try Data().write(to: file)
        let error = try #require(foundationError { try FileManager.default.createDirectory(at: file.appendingPathComponent("recipes"), withIntermediateDirectories: true) })
        let text = ErrorText.describe(error)
        expectPlain(text)
        #expect(text == "cannot write \(file.path)/recipes: \(file.path) is a file, not a folder (move it away or choose another path)")
    }

    @Test func missingFilesAndFoldersWhereFilesBelongAreSaid() throws {
        let scratch = try ScratchFolder()
        let missing = scratch.path("nope.json")
        let read = try #require(foundationError { _ = try Data(contentsOf: missing) })
        #expect(ErrorText.describe(read) == "cannot read \(missing.path): it does not exist")
        let intoFolder = try #require(foundationError { try Data("x".utf8).write(to: scratch.url) })
        #expect(ErrorText.describe(intoFolder).hasPrefix("cannot write \(scratch.url.path): it is a folder, not a file"))
        let existing = scratch.path("a")
        try Data().write(to: existing)
        let moved = try #require(foundationError { try FileManager.default.moveItem(at: existing, to: existing) })
        expectPlain(ErrorText.describe(moved))
        #expect(ErrorText.describe(moved).contains(existing.path))
    }

    @Test func systemCodesBecomeWordsWithAdvice() {
        #expect(FileProblem(.write, path: "/x", code: EROFS).description == "cannot write /x: it is on a read-only file system (choose a path on a writable disk)")
        #expect(FileProblem(.write, path: "/x", code: ENOSPC).description.contains("the disk is full"))
        #expect(FileProblem(.write, path: "/x", code: EACCES).description.contains("permission denied"))
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES), userInfo: [NSFilePathErrorKey: "/srv/lib"])
        #expect(ErrorText.describe(posix).hasPrefix("cannot use /srv/lib: permission denied"))
    }

    @Test func aNumberJSONCannotHoldIsNamedWithItsPlace() throws {
        struct Rated: Encodable { var rating: Double }
        let error = try #require(foundationError { _ = try JSONEncoder().encode(Rated(rating: .infinity)) })
        #expect(ErrorText.describe(error) == "the number inf at rating is not finite, and JSON cannot hold it")
    }

    @Test func larderOwnErrorsKeepTheirWords() {
        #expect(ErrorText.describe(MappingError.missingField("title")) == "the recipe has no title")
    }
}
