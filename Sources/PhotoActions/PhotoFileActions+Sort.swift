import ImageFormats
import Gestures
import Viewing
import Events

// Shift+S: the list in the next order (`PhotoOrder`), name → date taken → date modified.
extension PhotoFileActions {
    /// The events of Shift+S at `time`: the list sorted in the next order (a `photos` event with
    /// its `order`; none when the order changes no place), then the message line's "sorted by …".
    func sortNext(at time: Double) -> [InputEvent] {
        order = order.next
        pipeline.sort(by: order)
        let events = pipeline.takePhotoSizeEvents(at: time)
        return events + [InputEvent(time: time, kind: .effect(.photoFile(message: "sorted by \(order.description)", isError: false)))]
    }
}
