import asyncio
import logging

logger = logging.getLogger(__name__)


async def pump(stream_queue: asyncio.Queue, writer):
    try:
        while True:
            chunk = await stream_queue.get()
            await writer.write(chunk)
    except asyncio.CancelledError:
        logger.info("client disconnected, stopping pump")
        raise


async def pump_bounded(stream_queue: asyncio.Queue, writer):
    while True:
        chunk = await asyncio.wait_for(stream_queue.get(), timeout=30)
        await writer.write(chunk)


async def pump_scoped(stream_queue: asyncio.Queue, writer):
    while True:
        async with asyncio.timeout(30):
            chunk = await stream_queue.get()
        await writer.write(chunk)
