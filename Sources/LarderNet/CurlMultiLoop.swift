import CCurl
import Foundation

/// Runs every transfer of the process on one libcurl multi handle, driven by one thread. Tasks
/// submit requests and wait; the thread keeps them in their fetcher's `TransferQueue`, starts
/// those the politeness limits allow, performs and polls, and calls each request's completion
/// when libcurl says it is done. A finished transfer's slot goes to the next request in the same
/// pass, on this thread: no task has to run first, however busy the other threads are parsing
/// what arrived. A thousand transfers are a thousand handles on one thread, not a thousand
/// threads.
final class CurlMultiLoop: @unchecked Sendable {
    static let shared = CurlMultiLoop()

    private enum Event {
        case submit(TransferRequest, TransferQueue, FetchSettings, FetchActivity)
        case cancel(TransferRequest)
        case read(TransferRequest, TransferQueue)
        case interval(TransferQueue, host: String, seconds: TimeInterval)
    }

    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var events: [Event] = []

    /// Touched only on the loop thread from here on.
    private struct Running {
        var transfer: CurlTransfer
        var request: TransferRequest
        var queue: TransferQueue
        var activity: FetchActivity
    }
    private var running: [UnsafeMutableRawPointer: Running] = [:]
    /// What each queue's requests are fetched with (the settings and activity of its fetcher).
    private var queues: [ObjectIdentifier: (queue: TransferQueue, settings: FetchSettings, activity: FetchActivity)] = [:]

    private init() {
        _ = CurlRuntime.version  // curl_global_init before the first handle
        guard let multi = curl_multi_init() else { fatalError("libcurl could not make a multi handle") }
        self.multi = multi
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "larder-curl"
        thread.start()
    }

    /// Queues a request; its completion is called on the loop thread when it is answered.
    func submit(_ request: TransferRequest, to queue: TransferQueue, settings: FetchSettings, activity: FetchActivity) {
        post(.submit(request, queue, settings, activity))
    }

    /// Answers the request with a `CancellationError` at once, whether it waits or runs.
    func cancel(_ request: TransferRequest) {
        post(.cancel(request))
    }

    /// The request's reader has taken its answer (see `TransferQueue.unreadLimit`).
    func read(_ request: TransferRequest, from queue: TransferQueue) {
        post(.read(request, queue))
    }

    /// From now on, at least `seconds` between two starts of requests to `host` in `queue`.
    func setInterval(_ seconds: TimeInterval, forHost host: String, in queue: TransferQueue) {
        post(.interval(queue, host: host, seconds: seconds))
    }

    private func post(_ event: Event) {
        lock.withLock { events.append(event) }
        curl_multi_wakeup(multi)
    }

    private func loop() {
        while true {
            handleEvents()
            startAllowed()
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            var left: Int32 = 0
            var anyFinished = false
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                      let entry = running[handle] else { continue }
                finish(entry, .success(larder_message_result(message)))
                anyFinished = true
            }
            // Freed slots are filled before sleeping: the next pass starts their successors.
            if anyFinished { continue }
            // Sleeps until a socket is ready, a timer of libcurl's is due, a resting host may be
            // asked again, or an event is posted.
            curl_multi_poll(multi, nil, 0, pollTimeout(), nil)
        }
    }

    private func handleEvents() {
        let batch = lock.withLock {
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
        let now = Self.now()
        for event in batch {
            switch event {
            case .submit(let request, let queue, let settings, let activity):
                if request.cancelledEarly {
                    request.complete(.failure(CancellationError()))
                    continue
                }
                queues[ObjectIdentifier(queue)] = (queue, settings, activity)
                queue.enqueue(request, now: now)
            case .cancel(let request):
                switch request.state {
                case .new: request.cancelledEarly = true
                case .waiting: request.complete(.failure(CancellationError()))  // its queue passes over it
                case .running(let transfer):
                    if let entry = running[transfer.handle] { finish(entry, .failure(CancellationError())) }
                case .done: break
                }
            case .read(let request, let queue):
                queue.read(request)
            case .interval(let queue, let host, let seconds):
                queue.setInterval(seconds, forHost: host, now: now)
            }
        }
    }

    /// Starts every request whose turn it is, in every queue.
    private func startAllowed() {
        let now = Self.now()
        for (key, entry) in queues {
            while let request = entry.queue.next(now: now) {
                start(request, queue: entry.queue, settings: entry.settings, activity: entry.activity)
            }
            if !entry.queue.hasWaiting && entry.queue.onWire == 0 { queues[key] = nil }
        }
    }

    private func start(_ request: TransferRequest, queue: TransferQueue, settings: FetchSettings, activity: FetchActivity) {
        activity.transferStarted()
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(url: request.url, settings: settings, requestHeaders: request.headers)
        } catch {
            activity.transferFinished()
            queue.finished(request, now: Self.now())
            request.complete(.failure(error))
            return
        }
        transfer.onCompletion { request.complete($0) }
        request.state = .running(transfer)
        let entry = Running(transfer: transfer, request: request, queue: queue, activity: activity)
        running[transfer.handle] = entry
        let code = curl_multi_add_handle(multi, transfer.handle)
        if code != CURLM_OK {
            let reason = String(cString: curl_multi_strerror(code))
            finish(entry, .failure(FetchError.transfer(detail: "libcurl could not start the transfer to \(request.host) (\(reason))")),
                   added: false)
        }
    }

    private func finish(_ entry: Running, _ result: Result<CURLcode, Error>, added: Bool = true) {
        if added { curl_multi_remove_handle(multi, entry.transfer.handle) }
        running[entry.transfer.handle] = nil
        entry.activity.transferFinished()
        entry.queue.finished(entry.request, now: Self.now())
        entry.transfer.finish(result)
    }

    /// libcurl's own timers wake it as well; this only adds the earliest resting host.
    private func pollTimeout() -> Int32 {
        let now = Self.now()
        var timeout: UInt64 = 1000
        for entry in queues.values {
            guard let wake = entry.queue.nextWake else { continue }
            timeout = min(timeout, wake > now ? (wake - now + 999_999) / 1_000_000 : 0)
        }
        return Int32(timeout)
    }

    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
