import Foundation
import LarderNet
import Testing
import TestSupport

/// A host whose name does not resolve is asked once in a run: pictures on a dead domain cost
/// one lookup, not a lookup and three retries each (58 s for 20 pages in the new-user trial).
struct UnresolvedHostTests {
    /// `.invalid` never resolves (RFC 2606): the resolver says so without any server of ours.
    @Test func aNameThatDidNotResolveIsNotAskedAgain() async throws {
        var settings = FetchSettings()
        settings.retry.baseDelay = 5  // a retry would show as seconds of waiting; none is made
        let fetcher = Fetcher(settings: settings)
        var errors: [FetchError] = []
        for n in 0..<5 {
            do {
                _ = try await fetcher.fetch(URL(string: "http://pictures.larder-test.invalid/photo-\(n).jpg")!)
            } catch let error as FetchError {
                errors.append(error)
            }
        }
        #expect(errors.first == .nameNotResolved(host: "pictures.larder-test.invalid", earlier: false))
        #expect(errors.dropFirst().allSatisfy { $0 == .nameNotResolved(host: "pictures.larder-test.invalid", earlier: true) })
        #expect(errors.count == 5)
        #expect(errors[1].description == "could not connect to pictures.larder-test.invalid: the name did not resolve earlier in this run, so it was not asked again")
        // Another fetcher (another run) asks again.
        await #expect(throws: FetchError.nameNotResolved(host: "pictures.larder-test.invalid", earlier: false)) {
            _ = try await Fetcher().fetch(URL(string: "http://pictures.larder-test.invalid/photo-0.jpg")!)
        }
    }
}
