/* switch.S — user-level context switch for the emulator's fibers (x86-64
 * System V).  Only callee-saved registers need saving: the switch is an
 * ordinary call for the compiler.  MXCSR and the x87 control word are
 * per host thread and fibers never change them.
 *
 *   void accgpu_emu_switch(void **save_sp, void *to_sp)
 *     pushes rbp rbx r12-r15 on the current stack, stores rsp in *save_sp,
 *     loads to_sp and pops the same registers: returns into the other
 *     context.
 *   accgpu_emu_fiber_start
 *     first "return address" of a fresh fiber (fiber.c builds its stack):
 *     calls accgpu_emu_fiber_main(r12), which never returns.            */
#if defined(__x86_64__)
	.text
	.globl	accgpu_emu_switch
	.hidden	accgpu_emu_switch
	.type	accgpu_emu_switch, @function
accgpu_emu_switch:
	.cfi_startproc
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, (%rdi)
	movq	%rsi, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	ret
	.cfi_endproc
	.size	accgpu_emu_switch, .-accgpu_emu_switch

	.globl	accgpu_emu_fiber_start
	.hidden	accgpu_emu_fiber_start
	.type	accgpu_emu_fiber_start, @function
accgpu_emu_fiber_start:
	.cfi_startproc
	.cfi_undefined rip
	movq	%r12, %rdi
	call	accgpu_emu_fiber_main
	ud2
	.cfi_endproc
	.size	accgpu_emu_fiber_start, .-accgpu_emu_fiber_start
#endif
	.section .note.GNU-stack,"",@progbits
