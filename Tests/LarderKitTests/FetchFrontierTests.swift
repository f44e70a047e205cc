import Foundation
@testable import LarderKit
import Testing

/// Which addresses of a web import are under way: a few at a time, the sites in turn, a site's
/// share at most, and every address either started or handed back when the run stops.
struct FetchFrontierTests {
    func address(_ site: String, _ n: Int) -> String { "https://\(site)/recipe-\(n)" }

    func take(_ frontier: inout FetchFrontier) -> [String] {
        var taken: [String] = []
        while let next = frontier.next() { taken.append(next) }
        return taken
    }

    @Test func sitesTakeTurnsWithinTheirShareAndTheWindow() {
        // A list sorted by site: all of a's addresses first.
        let list = (1...6).map { address("a.example", $0) } + (1...3).map { address("b.example", $0) } + [address("c.example", 1)]
        var frontier = FetchFrontier(list, window: 5, perSite: 2)
        #expect(take(&frontier) == [address("a.example", 1), address("b.example", 1), address("c.example", 1),
                                    address("a.example", 2), address("b.example", 2)])
        #expect(frontier.unstarted == 5)
        // c's address is done, but c has no more, and a and b have their shares running.
        frontier.finished(address("c.example", 1))
        #expect(take(&frontier) == [])
        frontier.finished(address("a.example", 1))
        #expect(take(&frontier) == [address("a.example", 3)])
        frontier.finished(address("b.example", 1))
        frontier.finished(address("b.example", 2))
        // b's last address; a still has its share running.
        #expect(take(&frontier) == [address("b.example", 3)])
        #expect(frontier.unstarted == 3)
    }

    @Test func aStoppedRunHandsBackWhatNeverStartedInListOrder() {
        let list = (1...4).map { address("a.example", $0) } + (1...2).map { address("b.example", $0) }
        var frontier = FetchFrontier(list, window: 2, perSite: 1)
        #expect(take(&frontier) == [address("a.example", 1), address("b.example", 1)])
        #expect(frontier.drain() == [address("a.example", 2), address("a.example", 3), address("a.example", 4), address("b.example", 2)])
        #expect(frontier.unstarted == 0 && frontier.isEmpty)
        frontier.finished(address("a.example", 1))
        #expect(frontier.next() == nil)
    }

    @Test func everyAddressIsHandedOutOnceAcrossManySites() {
        // Many sites, most with one address: the rotation is compacted as they run out.
        let list = (0..<1000).map { address("site-\($0 % 300).example", $0) }
        var frontier = FetchFrontier(list, window: 7, perSite: 2)
        var handedOut: [String] = []
        var running: [String] = []
        while !frontier.isEmpty || !running.isEmpty {
            let taken = take(&frontier)
            #expect(frontier.running <= 7)
            handedOut += taken
            running += taken
            // The oldest finishes first.
            if !running.isEmpty { frontier.finished(running.removeFirst()) }
        }
        #expect(handedOut.count == 1000)
        #expect(Set(handedOut) == Set(list))
        // Within a site, in list order.
        let ofSite7 = handedOut.filter { $0.contains("//site-7.example/") }
        #expect(ofSite7 == list.filter { $0.contains("//site-7.example/") })
    }

    @Test func addressesWithoutASiteAreHandedOutToo() {
        var frontier = FetchFrontier(["not a url", "https://a.example/1", "also:not"], window: 10, perSite: 5)
        #expect(Set(take(&frontier)) == ["not a url", "https://a.example/1", "also:not"])
    }

    @Test func anAnswerBeingReadGivesItsPlaceToTheNextAddress() {
        // One site's share is two places: two fetches at once.
        let list = (1...6).map { address("a.example", $0) }
        var frontier = FetchFrontier(list, window: 2, perSite: 2, readingLimit: 3)
        #expect(take(&frontier) == [address("a.example", 1), address("a.example", 2)])
        // The first answer is in and still being read (parsed, scraped): a next fetch starts
        // now, not when the page is read, so the transfer slots get their next requests.
        frontier.fetched(address("a.example", 1))
        #expect(take(&frontier) == [address("a.example", 3)])
        #expect(frontier.running == 2 && frontier.reading == 1)
    }

    @Test func answersWaitingToBeReadHoldBackNewFetchesAtTheirLimit() {
        let list = (1...8).map { address("a.example", $0) }
        var frontier = FetchFrontier(list, window: 2, perSite: 2, readingLimit: 2)
        #expect(take(&frontier).count == 2)
        frontier.fetched(address("a.example", 1))
        frontier.fetched(address("a.example", 2))
        // Two answers wait for reading: as many as allowed, so no page's bytes are added to them.
        #expect(take(&frontier) == [])
        // One is read: fetches start again, as many as the window holds.
        frontier.read()
        #expect(take(&frontier) == [address("a.example", 3), address("a.example", 4)])
        frontier.fetched(address("a.example", 3))
        #expect(frontier.reading == 2)
        #expect(take(&frontier) == [])
    }
}
