/* pad.S — PAD bytes of code placed before every function of a program
 * (.text.unlikely comes first in the linker's .text output section, and
 * this object comes first on the link line): the same object files linked
 * after pads of 0, 16, 32, ... bytes run the same instructions at other
 * offsets from the 64-byte fetch blocks (benchmarks/hostspeed/run.sh). */
	.section .text.unlikely,"ax",@progbits
#if PAD > 0
	.skip PAD, 0xcc
#endif
	.section .note.GNU-stack,"",@progbits
